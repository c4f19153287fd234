/**
 * Every screen and layout of the administration, behind one lazy import in the router: the
 * administration is one download, and what only it uses (forms, the shell, its Mantine parts)
 * never ends up in the public pages' bundle.
 */

export { UnitsCataloguePage } from '../../routes/admin/administrative-units';
export { AlertsPage } from '../../routes/admin/alerts';
export { CalculationsCataloguePage } from '../../routes/admin/calculations';
export { ContractsCataloguePage } from '../../routes/admin/contracts';
export { DashboardPage } from '../../routes/admin/dashboard';
export { DataLoadPage, DataLoadReviewPage } from '../../routes/admin/data-load';
export { ForgotPasswordPage } from '../../routes/admin/forgot-password';
export { LoginPage } from '../../routes/admin/login';
export { NewPasswordPage } from '../../routes/admin/new-password';
export { OrganizationsCataloguePage } from '../../routes/admin/organizations';
export { ProfilePage } from '../../routes/admin/profile';
export { RedFlagsPage } from '../../routes/admin/red-flags';
export { ResourcesCataloguePage } from '../../routes/admin/resources';
export { AdminSelectOrganizationPage } from '../../routes/admin/select-organization';
export { SettingsPage } from '../../routes/admin/settings';
export { SuppliersCataloguePage } from '../../routes/admin/suppliers';
export { UsersPage } from '../../routes/admin/users';
export { AdminHeaderOnly, AdminShell } from './admin-shell';
export { AuthLayout } from './auth-layout';
export { RequireSession } from './session-guard';
