// The daily bonus, claimed where its notification points (the bell links here, #daily-bonus),
// beside the learner's token balance and what moved it (the ledger's newest entries): the tile
// says what a claim will pay before it, and what it paid after. Tokens buy streak freezes here:
// the tile says how many are held and offers one, its button disabled with the reason when the
// balance is short or the most are held.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  dailyBonusApi,
  tokensApi,
  type DailyBonusInfo,
  type StreakFreezeStatus,
  type TokenEntry,
} from '@flashcard/api-contract';
import { useShellLocale } from '../i18n';
import { announceNotificationsChanged } from '../layout/notifications-changed';

/** Ledger entries the tile lists. */
export const TOKEN_ENTRIES_SHOWN = 5;

interface Tokens {
  balance: number;
  entries: TokenEntry[];
  freezes: StreakFreezeStatus;
}

async function readTokens(): Promise<Tokens | null> {
  try {
    const [{ balance }, { entries }, freezes] = await Promise.all([
      tokensApi.balance(),
      tokensApi.history(),
      tokensApi.streakFreezes(),
    ]);
    return { balance, entries: entries.slice(0, TOKEN_ENTRIES_SHOWN), freezes };
  } catch {
    return null; // the balance just stays away; the client said why
  }
}

export function DailyBonusCard() {
  const { t, language } = useShellLocale();
  const [info, setInfo] = useState<DailyBonusInfo | null>(null);
  const [tokens, setTokens] = useState<Tokens | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [buying, setBuying] = useState(false);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);

  // Arriving from the bell's link: bring the card into view once it has loaded.
  const shown = info !== null;
  useEffect(() => {
    if (shown && hash === '#daily-bonus') {
      section.current?.scrollIntoView?.({ block: 'center' });
      section.current?.focus();
    }
  }, [shown, hash]);

  useEffect(() => {
    let active = true;
    dailyBonusApi.info().then(
      (answer) => active && setInfo(answer),
      () => active && setInfo(null), // the card just stays away; the client said why
    );
    void readTokens().then((answer) => active && setTokens(answer));
    return () => {
      active = false;
    };
  }, []);

  async function claim() {
    setClaiming(true);
    try {
      const claimed = await dailyBonusApi.claim();
      toast.success(t('bonus.claimed', { tokens: claimed.reward.tokens, xp: claimed.reward.xp }));
    } catch {
      // 409 (claimed elsewhere meanwhile) or a failure: the client's toast said which.
    } finally {
      // Re-read either way: tomorrow's reward, the new balance, and the bell without the offer.
      const [next, balance] = await Promise.all([dailyBonusApi.info().catch(() => null), readTokens()]);
      setInfo(next);
      setTokens(balance);
      announceNotificationsChanged();
      setClaiming(false);
    }
  }

  async function buyFreeze() {
    setBuying(true);
    try {
      const bought = await tokensApi.buyStreakFreeze();
      toast.success(t('tokens.freezeBought', { held: bought.held, max: bought.maxHeld }));
    } catch {
      // Refused (short, or the most held, bought elsewhere meanwhile): the client's toast said why.
    } finally {
      setTokens(await readTokens());
      setBuying(false);
    }
  }

  if (!info) return null;
  const number = (n: number) => n.toLocaleString(language);
  const amounts = (reward: DailyBonusInfo['reward']) => ({ tokens: number(reward.tokens), xp: number(reward.xp) });
  return (
    <section
      ref={section}
      id="daily-bonus"
      className="card stack"
      aria-labelledby="dashboard-bonus"
      tabIndex={-1}
      // A whole row of the dashboard's grid, however many columns it has: the bonus, the balance
      // and the streak freezes read as lines, not as a column of words.
      style={{ gap: '0.6rem', gridColumn: '1 / -1' }}
    >
      <h2 id="dashboard-bonus" className="stat-label" style={{ fontSize: '0.9rem' }}>
        {t('bonus.title')}
      </h2>
      {info.available ? (
        <>
          <p className="stat-value" style={{ fontSize: '1.1rem', margin: 0 }}>
            {t('bonus.toReceive', amounts(info.reward))}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void claim()}
            disabled={claiming}
          >
            {t('bonus.claim')}
          </button>
        </>
      ) : (
        <>
          {info.last_reward && (
            <p className="stat-value" style={{ fontSize: '1.1rem', margin: 0 }}>
              {t('bonus.received', amounts(info.last_reward))}
            </p>
          )}
          <p className="muted" style={{ margin: 0 }}>
            {t('bonus.comeBack', { count: info.streak })} {t('bonus.tomorrow', amounts(info.reward))}
          </p>
        </>
      )}
      {tokens && (
        <div className="stack" style={{ gap: '0.3rem' }} data-testid="token-balance">
          <p style={{ margin: 0 }}>
            <strong>{t('tokens.balance', { balance: number(tokens.balance) })}</strong>{' '}
            <span className="muted">{t('tokens.earnedBy')}</span>
          </p>
          <FreezeOffer freezes={tokens.freezes} buying={buying} onBuy={() => void buyFreeze()} />
          {tokens.entries.length > 0 && (
            <details>
              <summary>{t('tokens.history')}</summary>
              <ul className="stack" style={{ margin: '0.4rem 0 0', paddingLeft: '1.2rem', gap: '0.2rem' }}>
                {tokens.entries.map((entry) => (
                  <li key={entry.id}>
                    {t('tokens.entry', {
                      amount: `${entry.amount > 0 ? '+' : ''}${number(entry.amount)}`,
                      reason: t(`tokens.reasons.${entry.reason}`, { defaultValue: entry.reason }),
                      date: new Date(entry.created_at).toLocaleDateString(language),
                    })}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </section>
  );
}

/** The freezes held and the offer of one more; why it cannot be bought, when it cannot. */
function FreezeOffer({ freezes, buying, onBuy }: { freezes: StreakFreezeStatus; buying: boolean; onBuy: () => void }) {
  const { t, language } = useShellLocale();
  const number = (n: number) => n.toLocaleString(language);
  const values = {
    held: number(freezes.held),
    max: number(freezes.maxHeld),
    price: number(freezes.price),
    balance: number(freezes.balance),
  };
  const refusal =
    freezes.held >= freezes.maxHeld
      ? t('tokens.freezeMax', values)
      : freezes.balance < freezes.price
        ? t('tokens.freezeShort', values)
        : null;
  return (
    <div className="stack" style={{ gap: '0.3rem' }} data-testid="streak-freezes">
      <p style={{ margin: 0 }}>
        <strong>{t('tokens.freezes', values)}</strong> <span className="muted">{t('tokens.freezesHint')}</span>
      </p>
      <button
        type="button"
        className="btn"
        style={{ alignSelf: 'flex-start' }}
        onClick={onBuy}
        disabled={refusal !== null || buying}
        aria-describedby={refusal ? 'streak-freeze-refusal' : undefined}
      >
        {t('tokens.buyFreeze', values)}
      </button>
      {refusal && (
        <p id="streak-freeze-refusal" className="muted" style={{ margin: 0 }}>
          {refusal}
        </p>
      )}
    </div>
  );
}
