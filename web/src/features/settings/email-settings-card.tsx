import { useState } from 'react';
import {
  EMAIL_PREFERENCES,
  EMAIL_PREFERENCE_KEYS,
  EMAIL_PREFERENCE_MESSAGES,
  type EmailPreferenceKey,
} from '@vitae/core/email-preferences';
import { Banner } from '../../components/ui/banner.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useEmailPreferences, useSetEmailPreference } from './api.ts';

/**
 * Settings → Email me when…: a switch per optional email (issue 32), saved as it is flipped.
 * Emails about signing in, your password and your account, and CVs you share, always go.
 */
export function EmailSettingsCard() {
  const preferences = useEmailPreferences();
  const save = useSetEmailPreference();
  const [saved, setSaved] = useState<EmailPreferenceKey | null>(null);

  const flip = (key: EmailPreferenceKey, on: boolean) => {
    setSaved(null);
    save.mutate({ [key]: on }, { onSuccess: () => setSaved(key) });
  };

  return (
    <Card className="space-y-4 p-5" aria-labelledby="email-settings-title">
      <div>
        <h2 id="email-settings-title" className="text-lg font-semibold text-slate-900">
          Email me when…
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your notification bell shows these either way. Emails about signing in, your password and
          your account always go out.
        </p>
      </div>
      {preferences.isPending ? (
        <Spinner />
      ) : preferences.isError ? (
        <Banner tone="error">
          {errorMessage(preferences.error, 'Could not load your email settings.')}
        </Banner>
      ) : (
        <ul className="divide-y divide-slate-200">
          {EMAIL_PREFERENCE_KEYS.map((key) => (
            <li key={key} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span id={`email-${key}`} className="text-sm text-slate-800">
                {EMAIL_PREFERENCES[key].label}
              </span>
              <SwitchButton
                plain
                label={preferences.data[key] ? 'On' : 'Off'}
                accessibleName={`Email me when: ${EMAIL_PREFERENCES[key].label}`}
                checked={preferences.data[key]}
                disabled={save.isPending}
                onChange={(on) => flip(key, on)}
              />
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-emerald-700">
        {saved && !save.isPending ? EMAIL_PREFERENCE_MESSAGES.saved : ''}
      </p>
      {save.isError && (
        <Banner tone="error">
          {errorMessage(save.error, EMAIL_PREFERENCE_MESSAGES.saveFailed)}
        </Banner>
      )}
    </Card>
  );
}
