import { RequestLogButton } from './request-log-dialog';
import { ThemeSwitcher } from './theme-switcher';

/** The sidebar's foot: the request log and the theme switch. */
export function SidebarTools() {
  return (
    <>
      <RequestLogButton />
      <ThemeSwitcher />
    </>
  );
}
