'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

type Enrolment = { secret: string; uri: string; qrSvg: string };
type Stage = { kind: 'idle' } | { kind: 'enrolling'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/** Turns TOTP two-factor sign-in on (QR code or secret, a confirming code, recovery codes) or off. */
export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
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
    setStage({ kind: 'codes', codes: answer.data.recovery_codes });
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
        <FormAlert tone="success" message="Two-factor sign-in is on. Signing in now asks for a code from your app." />
        <p className="text-sm">
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are shown only now.
        </p>
        <ul aria-label="Recovery codes" className="grid max-w-sm grid-cols-2 gap-1 rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800">
          {stage.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
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
