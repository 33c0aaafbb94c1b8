import { setLanguage } from '@flashcard/shared-auth';
import {
  actorText,
  checkServiceName,
  checkServiceUrl,
  failureReasonText,
  newestEventsFirst,
  probeState,
} from './services';
import { makeServiceEvent } from '../../test/platform';

const probe = (reachable: boolean, ok: boolean) => ({
  reachable,
  ok,
  status: reachable ? (ok ? 200 : 503) : null,
  latencyMs: 1,
  error: reachable ? null : 'connection refused',
});

describe('probeState', () => {
  it('is up for an answer below 500, failing for a 5xx, down for no answer', () => {
    expect(probeState(probe(true, true))).toBe('up');
    expect(probeState(probe(true, false))).toBe('failing');
    expect(probeState(probe(false, false))).toBe('down');
  });
});

describe('failureReasonText', () => {
  afterEach(() => setLanguage('en'));

  it("words the breaker's and the probe's reasons, and shows any other as the API sent it", () => {
    expect(failureReasonText('refused')).toBe('connection refused');
    expect(failureReasonText('connection refused')).toBe('connection refused');
    expect(failureReasonText('timeout')).toBe('timed out');
    expect(failureReasonText('no answer within 2000 ms')).toBe('no answer within 2000 ms');
    expect(failureReasonText('status 503')).toBe('answered 503');
    expect(failureReasonText('ENOTFOUND')).toBe('ENOTFOUND');
  });

  it('in the page language', async () => {
    await setLanguage('de');
    expect(failureReasonText('refused')).toBe('Verbindung abgelehnt');
    expect(failureReasonText('status 502')).toBe('antwortete 502');
  });
});

describe('the register form checks', () => {
  it('takes the names the API takes', () => {
    expect(checkServiceName('quiz-api')).toBeNull();
    expect(checkServiceName('q2')).toBeNull();
    expect(checkServiceName('')).toBe('missing');
    for (const bad of ['Quiz', 'q', '2quiz', 'quiz-', 'quiz_api', 'a'.repeat(41)])
      expect(checkServiceName(bad)).toBe('format');
  });

  it('takes http(s) addresses without credentials, query or fragment', () => {
    expect(checkServiceUrl(' http://quiz-svc:4100/v1/ ')).toBeNull();
    expect(checkServiceUrl('https://quiz.internal')).toBeNull();
    expect(checkServiceUrl('  ')).toBe('missing');
    expect(checkServiceUrl('quiz-svc:4100')).toBe('scheme');
    expect(checkServiceUrl('not an address')).toBe('format');
    expect(checkServiceUrl('ftp://quiz-svc')).toBe('scheme');
    expect(checkServiceUrl('http://me:secret@quiz-svc')).toBe('credentials');
    expect(checkServiceUrl('http://quiz-svc/?a=1')).toBe('query');
    expect(checkServiceUrl('http://quiz-svc/#top')).toBe('query');
    expect(checkServiceUrl('http://quiz-svc/?')).toBe('query');
  });
});

it('names a person by their e-mail, anything else as the audit wrote it', () => {
  expect(actorText('user:root@example.com')).toBe('root@example.com');
  expect(actorText('built-in')).toBe('built-in');
});

it('orders changes newest first', () => {
  const events = [makeServiceEvent(1), makeServiceEvent(3), makeServiceEvent(2)];
  expect(newestEventsFirst(events).map((event) => event.id)).toEqual([3, 2, 1]);
});
