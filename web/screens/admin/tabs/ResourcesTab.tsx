// Resources tab (settings:manage_academic): every course's resources of the selected year.
export { AdminResources as ResourcesTab } from '../../resources/ResourceManager';
