/**
 * `/dashboard/account`: the signed-in staff member's own account: who they are, a new password
 * (the current one asked; every other session of theirs ends), and where they are signed in.
 */
import { PageHeading } from '@vitrine/ui';
import { useSession } from '../../app/session.tsx';
import { useTitle } from '../../app/title.ts';
import { Facts } from '../../kit/facts.tsx';
import { Section } from '../../kit/section.tsx';
import { PasswordForm } from './password-form.tsx';
import { StaffSessions } from './staff-sessions.tsx';

export function AccountPage() {
  useTitle('Your account');
  const { staff } = useSession();
  const rows: [string, string][] = [
    ['Name', staff.name],
    ['E-mail', staff.email],
    ['Role', staff.role === 'OWNER' ? 'Owner' : 'Contributor'],
    ['Authenticator app', staff.totpEnrolled ? 'Set up' : 'Not set up'],
  ];
  return (
    <>
      <PageHeading className="mb-4">Your account</PageHeading>
      <div className="grid gap-x-4 lg:grid-cols-2">
        <Section title="Details">
          <Facts rows={rows} />
        </Section>
        <Section
          title="Password"
          description="Changing it signs you out everywhere else; this session stays."
        >
          <PasswordForm email={staff.email} />
        </Section>
      </div>
      <StaffSessions />
    </>
  );
}
