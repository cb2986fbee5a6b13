// The guardian's layout (issue 43, decision 360): the top bar with 'Mes enfants', 'Sécurité', the
// choice of language and 'Déconnexion' in view; no school of its own (the children may be in
// several), so nothing is loaded for the bar.
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { guardianText } from '../i18n/guardian';
import { shellText } from '../i18n/shell';
import { chooseSignedIn } from '../session/language-choice';
import { useTexts } from '../session/language';
import { SchoolProvider } from './school';
import { TopBar } from './TopBar';

export function GuardianLayout() {
  const t = useTexts('guardian', guardianText);
  const shell = useTexts('shell', shellText);
  const items = [
    { to: '/guardian', label: t.title },
    { to: '/guardian/security', label: shell.student.security },
  ];
  return (
    <SchoolProvider skip>
      <TopBar
        items={items}
        withYears={false}
        logoutInView
        extra={<LanguageSwitch onChoose={(l) => void chooseSignedIn(l)} />}
      />
      <Outlet />
    </SchoolProvider>
  );
}
