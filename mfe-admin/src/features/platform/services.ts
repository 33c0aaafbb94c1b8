// Pure rules of the console's Services section: a service's health read as one state, the API's
// failure reasons worded in the page's language, and the register form's checks (the same rules
// the API applies, so most mistakes are said before anything is sent).
import { SERVICE_NAME_PATTERN, type ServiceEvent, type ServiceHealth } from '@flashcard/api-contract';
import { adminText, type AdminText } from '../../i18n';

/** What the probe found: an answer below 500 (up), a 5xx (failing), or no answer at all (down). */
export type ProbeState = 'up' | 'failing' | 'down';

export function probeState(probe: ServiceHealth['probe']): ProbeState {
  if (!probe.reachable) return 'down';
  return probe.ok ? 'up' : 'failing';
}

/**
 * The API's English for a failure (the breaker's `refused`, `timeout`, `status 503`; the probe's
 * `connection refused`, `no answer within 2000 ms`) in the page's language. Anything else (a
 * system error code such as ENOTFOUND) is shown as the API wrote it.
 */
export function failureReasonText(reason: string, t: AdminText = adminText): string {
  if (reason === 'refused' || reason === 'connection refused') return t('platform.services.reasons.refused');
  if (reason === 'timeout') return t('platform.services.reasons.timeout');
  const waited = /^no answer within (\d+) ms$/.exec(reason);
  if (waited) return t('platform.services.reasons.noAnswerWithin', { ms: Number(waited[1]) });
  const status = /^status (\d{3})$/.exec(reason);
  if (status) return t('platform.services.reasons.status', { status: status[1] });
  return reason;
}

/** Who made a change, as the registry's audit names them (`user:<email>`): the e-mail alone. */
export function actorText(actor: string): string {
  return actor.startsWith('user:') ? actor.slice('user:'.length) : actor;
}

const SERVICE_NAME = new RegExp(SERVICE_NAME_PATTERN);

/** The register form's findings, each a reason to send nothing. */
export interface ServiceFormProblems {
  name: 'missing' | 'format' | null;
  url: 'missing' | 'scheme' | 'format' | 'credentials' | 'query' | null;
}

export const NO_PROBLEMS: ServiceFormProblems = { name: null, url: null };

export function checkServiceName(name: string): ServiceFormProblems['name'] {
  if (name === '') return 'missing';
  return SERVICE_NAME.test(name) ? null : 'format';
}

/** The API's address rules (`parseServiceUrl`): http(s), no user:password@, no query or fragment. */
export function checkServiceUrl(text: string): ServiceFormProblems['url'] {
  const trimmed = text.trim();
  if (trimmed === '') return 'missing';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'format';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (url.search || url.hash || trimmed.includes('?') || trimmed.includes('#')) return 'query';
  return null;
}

/** The newest change first (the API sends them so; a list merged from two reads might not be). */
export function newestEventsFirst(events: readonly ServiceEvent[]): ServiceEvent[] {
  return [...events].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
}
