import { useEffect, useState } from 'react';
import { API_BASE } from '../../lib/api.ts';
import { buttonClass } from '../../components/ui/button.tsx';

interface Provider {
  id: string;
  name: string;
}

/** Asked once per page load: the providers do not change while the server runs. */
let providers: Promise<Provider[]> | undefined;
const loadProviders = () =>
  (providers ??= fetch(`${API_BASE}/auth/providers`, { credentials: 'include' })
    .then((r): Promise<{ providers?: unknown }> | object => (r.ok ? r.json() : {}))
    .then((b) => {
      const list = (b as { providers?: unknown }).providers;
      return Array.isArray(list) ? (list as Provider[]) : [];
    })
    .catch(() => {
      providers = undefined;
      return [];
    }));

/**
 * "Continue with Google" and the like, for each identity provider the server has (decision
 * 0024): plain links to the server's start, which sends the browser to the provider. Nothing
 * shows while the list loads or when there is none.
 */
export function ProviderButtons({ verb }: { verb: 'Sign in' | 'Sign up' }) {
  const [list, setList] = useState<Provider[]>([]);
  useEffect(() => {
    let live = true;
    void loadProviders().then((p) => live && setList(p));
    return () => {
      live = false;
    };
  }, []);
  if (list.length === 0) return null;
  return (
    <div className="mb-5 space-y-3">
      {list.map((p) => (
        <a
          key={p.id}
          href={`${API_BASE}/auth/oidc/${encodeURIComponent(p.id)}/start`}
          className={buttonClass('secondary', 'lg', 'w-full')}
        >
          {verb} with {p.name}
        </a>
      ))}
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or with your email
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </p>
    </div>
  );
}
