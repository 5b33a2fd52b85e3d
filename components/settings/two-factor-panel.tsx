'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { RecoveryCodesList } from './recovery-codes-list';
import { RegenerateRecoveryCodes } from './regenerate-recovery-codes';

type Enrolment = { secret: string; uri: string; qrSvg: string };
type Stage = { kind: 'idle' } | { kind: 'enrolling'; enrolment: Enrolment } | { kind: 'codes'; codes: string[]; renewed: boolean };

/**
 * Turns TOTP two-factor sign-in on (QR code or secret, a confirming code, recovery codes to
 * copy or download) or off; while on, says how many recovery codes are left and makes a new set.
 */
export function TwoFactorPanel({ enabled, codesLeft = null }: { enabled: boolean; codesLeft?: { left: number; of: number } | null }) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    setError(null);
    const answer = await sendJson<Enrolment>('POST', '/api/dashboard/account/two-factor/setup');
    setPending(false);
    if (!answer.ok) return setError(answer.message);
    setStage({ kind: 'enrolling', enrolment: answer.data });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setPending(true);
    setFieldError(undefined);
    const answer = await sendJson<{ recovery_codes: string[] }>('POST', '/api/dashboard/account/two-factor/confirm', { code });
    setPending(false);
    if (!answer.ok) return setFieldError(answer.errors.code ?? answer.message);
    setStage({ kind: 'codes', codes: answer.data.recovery_codes, renewed: false });
  }

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setPending(true);
    setFieldError(undefined);
    const answer = await sendJson('POST', '/api/dashboard/account/two-factor/disable', { password });
    setPending(false);
    if (!answer.ok) return setFieldError(answer.errors.password ?? answer.message);
    router.refresh();
  }

  if (stage.kind === 'codes') {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert
          tone="success"
          message={stage.renewed ? 'New recovery codes: every earlier code no longer works.' : 'Two-factor sign-in is on. Signing in now asks for a code from your app.'}
        />
        <p className="text-sm">
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are shown only now.
        </p>
        <RecoveryCodesList codes={stage.codes} />
        <div>
          <Button
            onClick={() => {
              setStage({ kind: 'idle' });
              router.refresh();
            }}
          >
            Done
          </Button>
        </div>
      </div>
    );
  }

  if (enabled) {
    return (
      <div className="flex flex-col gap-6">
        <form noValidate onSubmit={disable} aria-label="Turn off two-factor sign-in" className="flex max-w-md flex-col gap-4">
          <p className="text-sm">
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">On</span> Signing in asks
            for a code from your authenticator app.
          </p>
          <TextField label="Password to turn it off" name="password" type="password" autoComplete="current-password" error={fieldError} />
          <div>
            <Button type="submit" variant="secondary" disabled={pending}>
              Turn off two-factor sign-in
            </Button>
          </div>
        </form>
        {codesLeft && <RegenerateRecoveryCodes left={codesLeft.left} of={codesLeft.of} onCodes={(codes) => setStage({ kind: 'codes', codes, renewed: true })} />}
      </div>
    );
  }

  if (stage.kind === 'enrolling') {
    const { enrolment } = stage;
    return (
      <form noValidate onSubmit={confirm} aria-label="Confirm two-factor sign-in" className="flex max-w-md flex-col gap-4">
        <p className="text-sm">Scan this QR code with an authenticator app (1Password, Google Authenticator, Aegis…), or type the secret in.</p>
        {/* An SVG data URL: the page's CSP allows data: images, and no script runs from it. */}
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code of the authenticator link" width={180} height={180} className="rounded bg-white p-2" />
        <p className="text-sm">
          Secret:{' '}
          <code aria-label="Two-factor secret" className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">
            {enrolment.secret}
          </code>
        </p>
        <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={fieldError} />
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? 'Checking…' : 'Turn on'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">Off. With it on, signing in with your password also asks for a code from an authenticator app.</p>
      {error && <FormAlert message={error} />}
      <div>
        <Button variant="secondary" onClick={() => void start()} disabled={pending}>
          Set up two-factor sign-in
        </Button>
      </div>
    </div>
  );
}
