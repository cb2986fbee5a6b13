// 'Gestion des Ressources' (document 2 §2, §5, §8): the resources of a year's courses with add,
// edit, delete and preview. The administration's tab manages every course's; the teacher's
// section their own courses'. Writes may be queued offline (§4): the list shows the change at
// once, marked 'En attente' until it is synced.
import { useMemo, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { isPendingFor, usePendingWrites } from '../../api/pending';
import { Button } from '../../components/Button';
import { ClassSelect } from '../../components/ClassSelect';
import { FormDialog } from '../../components/Dialog';
import { RefusedWrites } from '../../components/RefusedWrites';
import type { ApiState } from '../../api/useApi';
import { useWrite } from '../../api/useWrite';
import { useConfirmation } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SelectField, InputField, RowOptions } from '../../components/Field';
import { PendingBadge } from '../../components/PendingBadge';
import { offlineText } from '../../i18n/offline';
import { resourcesText as t } from '../../i18n/resources';
import { useSchool } from '../../layouts/school';
import type { Resource, ResourceBody, ResourceChoice, TeacherResources } from '../../../worker/contract/resources';
import { RESOURCE_MAX_BYTES, isWebUrl } from '../../../worker/domain/resources';
import { ResourceOpen, ResourcePreview } from './ResourcePreview';
import './resources.css';
import { formatInstant } from '../../../worker/domain/format';

const MAX_MB = RESOURCE_MAX_BYTES / 1024 / 1024;
const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.txt,application/pdf,image/png,image/jpeg,image/gif,image/webp,text/plain';

/** How a screen's data holds its resources (the teacher's answer also carries the courses). */
interface Lens<D> {
  resources: (data: D) => Resource[];
  withResources: (data: D, update: (list: Resource[]) => Resource[]) => D;
}

const listLens: Lens<Resource[]> = { resources: (d) => d, withResources: (d, f) => f(d) };
const teacherLens: Lens<TeacherResources> = {
  resources: (d) => d.resources,
  withResources: (d, f) => ({ ...d, resources: f(d.resources) }),
};

const yearQuery = (yearId: string | undefined) => (yearId ? { query: { yearId } } : null);

/** The administration's tab: every course of the selected year. */
export function AdminResources() {
  const { selectedYear } = useSchool();
  const query = yearQuery(selectedYear?.id);
  const list = useRead(endpoints.resources.adminList, query);
  const courses = useRead(endpoints.teachers.fullAssignments, query);
  return <ResourceManager state={list} lens={listLens} choices={courses.data} hasYear={Boolean(query)} showTeacher />;
}

/** The teacher's section: their own courses of the selected year. */
export function TeacherResourcesSection() {
  const { selectedYear } = useSchool();
  const query = yearQuery(selectedYear?.id);
  const state = useRead(endpoints.resources.teacherList, query);
  return (
    <ResourceManager
      state={state}
      lens={teacherLens}
      choices={state.data?.assignments ?? null}
      hasYear={Boolean(query)}
      showTeacher={false}
    />
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; resource: Resource };

function ResourceManager<D>({
  state,
  lens,
  choices,
  hasYear,
  showTeacher,
}: {
  state: ApiState<D>;
  lens: Lens<D>;
  choices: ResourceChoice[] | null;
  hasYear: boolean;
  showTeacher: boolean;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<Resource | null>(null);
  const [classFilter, setClassFilter] = useState('');
  const pending = usePendingWrites();
  const { write, busy } = useWrite(state);
  const all = state.data ? lens.resources(state.data) : null;
  const classes = useMemo(() => [...new Set((choices ?? []).map((c) => c.class_name))], [choices]);
  const shown = all?.filter((r) => !classFilter || r.class_name === classFilter) ?? null;

  const removing = useConfirmation(
    (resource: Resource) => ({
      title: t.confirmTitle,
      confirmLabel: t.remove,
      body: <p>{t.confirm(resource.title)}</p>,
    }),
    (resource: Resource) =>
      write(
        endpoints.resources.remove,
        { params: { id: resource.id } },
        {
          success: t.deleted,
          queued: offlineText.queued.deletion,
          offline: (data) => lens.withResources(data, (list) => list.filter((r) => r.id !== resource.id)),
        },
      ),
    { keepOnFailure: true },
  );

  if (!hasYear) return <p className="muted">{t.noYear}</p>;
  return (
    <>
      <h2>{t.title}</h2>
      <p className="muted">{t.intro}</p>
      <RefusedWrites areas={[endpoints.resources.create.path]} />
      <div className="resource-toolbar">
        {classes.length > 1 && (
          <ClassSelect
            label={t.filter}
            value={classFilter}
            onChange={setClassFilter}
            classes={classes}
            none={t.filterAll}
          />
        )}
        <Button look="primary" disabled={!choices || choices.length === 0} onClick={() => setEditing({ kind: 'add' })}>
          {t.add}
        </Button>
      </div>
      {choices?.length === 0 && <p className="notice tone-info">{t.noCourses}</p>}
      {state.error && !all && <ErrorNotice message={state.error} />}
      {!all && !state.error && (
        <p className="muted" role="status">
          {t.loading}
        </p>
      )}
      {shown?.length === 0 && <p className="muted">{t.empty}</p>}
      {shown && shown.length > 0 && (
        <ul className="resource-list" aria-label={t.title}>
          {shown.map((r) => (
            <li key={r.id} className="card spread resource-item">
              <div>
                <h3>
                  {r.title} {isPendingFor(pending, [endpoints.resources.create.path], r.id) && <PendingBadge />}
                </h3>
                <p className="muted resource-meta">
                  {t.course(r.subject_name, r.class_name)}
                  {showTeacher ? ` · ${t.by(r.teacher_prenom, r.teacher_nom)}` : ''} · {t.types[r.resource_type]}
                  {r.file_name ? ` · ${r.file_name}` : ''}
                  {r.size ? ` · ${t.size(r.size)}` : ''} · {formatInstant(r.created_at, 'shortDate')}
                </p>
              </div>
              <div className="resource-actions">
                <ResourceOpen resource={r} onPreview={setPreviewing} />
                <Button onClick={() => setEditing({ kind: 'edit', resource: r })} aria-label={`${t.edit} : ${r.title}`}>
                  {t.edit}
                </Button>
                <Button look="danger" onClick={() => removing.ask(r)} aria-label={`${t.remove} : ${r.title}`}>
                  {t.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ResourceForm
          editing={editing}
          choices={choices ?? []}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={async (body, local) => {
            const id = editing.kind === 'edit' ? editing.resource.id : body.id!;
            const notices = {
              success: editing.kind === 'edit' ? t.updated : t.added,
              queued: offlineText.queued.action,
              offline: (data: D) =>
                lens.withResources(data, (list) =>
                  editing.kind === 'edit'
                    ? list.map((r) => (r.id === id ? { ...r, ...local } : r))
                    : [local as Resource, ...list],
                ),
            };
            const outcome =
              editing.kind === 'edit'
                ? await write(endpoints.resources.update, { params: { id }, body }, notices)
                : await write(endpoints.resources.create, { body }, notices);
            if (outcome) setEditing(null);
          }}
        />
      )}
      {removing.dialog}
      {previewing && <ResourcePreview resource={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

type Errors = Partial<Record<'assignment' | 'title' | 'file' | 'url', string>>;

function ResourceForm({
  editing,
  choices,
  busy,
  onClose,
  onSave,
}: {
  editing: Editing;
  choices: ResourceChoice[];
  busy: boolean;
  onClose: () => void;
  /** The body to send, and the resource as the list shows it meanwhile (offline). */
  onSave: (body: ResourceBody, local: Partial<Resource>) => Promise<void>;
}) {
  const current = editing.kind === 'edit' ? editing.resource : null;
  const [assignmentId, setAssignmentId] = useState(current?.assignment_id ?? '');
  const [type, setType] = useState<'file' | 'link'>(current?.resource_type ?? 'file');
  const [title, setTitle] = useState(current?.title ?? '');
  const [url, setUrl] = useState(current?.url ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async () => {
    const found: Errors = {};
    if (!current && !assignmentId) found.assignment = t.assignmentRequired;
    if (!title.trim()) found.title = t.titleRequired;
    if (type === 'file' && !current && !file) found.file = t.fileRequired;
    if (type === 'file' && file && file.size > RESOURCE_MAX_BYTES) found.file = t.fileTooLarge(MAX_MB);
    if (type === 'link' && !isWebUrl(url.trim())) found.url = t.urlInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const content = type === 'file' && file ? await readBase64(file) : null;
    const course = choices.find((c) => c.id === assignmentId);
    const body: ResourceBody = {
      ...(current ? {} : { id: crypto.randomUUID() }),
      assignment_id: assignmentId,
      resource_type: type,
      title: title.trim(),
      url: type === 'link' ? url.trim() : null,
      file_name: file?.name ?? null,
      mime_type: file?.type || null,
      file_content: content,
    };
    const local: Partial<Resource> = current
      ? { title: body.title, url: body.url ?? null, ...(file ? { file_name: file.name, size: file.size } : {}) }
      : {
          id: body.id!,
          assignment_id: assignmentId,
          resource_type: type,
          title: body.title,
          url: body.url ?? null,
          file_name: file?.name ?? null,
          mime_type: null,
          size: file?.size ?? null,
          file_url: null,
          created_at: new Date().toISOString(),
          class_name: course?.class_name ?? '',
          subject_id: course?.subject_id ?? '',
          subject_name: course?.subject_name ?? '',
          teacher_prenom: course?.teacher_prenom ?? '',
          teacher_nom: course?.teacher_nom ?? '',
        };
    await onSave(body, local);
  };

  return (
    <FormDialog
      title={current ? t.formEdit : t.formAdd}
      confirmLabel={t.save}
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      {current && <p className="muted small">{t.fixedOnEdit}</p>}
      <SelectField
        label={t.assignment}
        marked
        error={errors.assignment}
        value={assignmentId}
        disabled={Boolean(current)}
        onChange={(e) => setAssignmentId(e.target.value)}
      >
        {current ? (
          <option value={current.assignment_id}>{t.course(current.subject_name, current.class_name)}</option>
        ) : (
          <>
            <option value="">{t.chooseAssignment}</option>
            <RowOptions
              rows={choices}
              label={(c) => t.assignmentOption(c.subject_name, c.class_name, c.teacher_prenom, c.teacher_nom)}
            />
          </>
        )}
      </SelectField>
      <fieldset className="resource-type">
        <legend>{t.type}</legend>
        {(['file', 'link'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="resource-type"
              value={kind}
              checked={type === kind}
              disabled={Boolean(current)}
              onChange={() => setType(kind)}
            />
            {t.types[kind]}
          </label>
        ))}
      </fieldset>
      <InputField
        label={t.titleLabel}
        marked
        error={errors.title}
        type="text"
        maxLength={200}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      {type === 'file' ? (
        <InputField
          label={t.file}
          marked={!current}
          error={errors.file}
          hint={current?.file_name ? t.keepFile(current.file_name) : t.fileHint(MAX_MB)}
          type="file"
          accept={ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      ) : (
        <InputField
          label={t.url}
          marked
          error={errors.url}
          hint={t.urlHint}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      )}
    </FormDialog>
  );
}
