import { Link } from 'react-router';
import { DeleteAccountCard } from './delete-account-card.tsx';
import { EmailCard } from './email-card.tsx';
import { EmailSettingsCard } from './email-settings-card.tsx';
import { ExportCard } from './export-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { IdentitiesCard } from './identities-card.tsx';
import { TwoStepCard } from './two-step-card.tsx';

/** /app/settings: sign-in security, which emails to get, take your data with you, or erase it. */
export default function SettingsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/app/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Settings</h1>
      <div className="mt-6 space-y-6">
        <TwoStepCard />
        <PasskeysCard />
        <IdentitiesCard />
        <PasswordCard />
        <EmailCard />
        <SessionsCard />
        <EmailSettingsCard />
        <ExportCard />
        <DeleteAccountCard />
      </div>
    </div>
  );
}
