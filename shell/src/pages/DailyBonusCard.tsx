// The daily bonus, claimed where its notification points (the bell links here, #daily-bonus).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { dailyBonusApi, type DailyBonusInfo } from '@flashcard/api-contract';
import { useShellText } from '../i18n';

export function DailyBonusCard() {
  const t = useShellText();
  const [info, setInfo] = useState<DailyBonusInfo | null>(null);
  const [claiming, setClaiming] = useState(false);
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
    return () => {
      active = false;
    };
  }, []);

  async function claim() {
    setClaiming(true);
    try {
      const claimed = await dailyBonusApi.claim();
      toast.success(t('bonus.claimed', { tokens: claimed.reward.tokens, xp: claimed.reward.xp }));
      setInfo(
        (current) =>
          current && { ...current, available: false, streak: claimed.streak, next_claim_at: claimed.next_claim_at },
      );
    } catch {
      // 409 (claimed elsewhere meanwhile) or a failure: the client's toast said which; re-read.
      setInfo(await dailyBonusApi.info().catch(() => null));
    } finally {
      setClaiming(false);
    }
  }

  if (!info) return null;
  return (
    <section ref={section} id="daily-bonus" className="card" aria-labelledby="dashboard-bonus" tabIndex={-1}>
      <h2 id="dashboard-bonus" className="stat-label" style={{ fontSize: '0.9rem' }}>
        {t('bonus.title')}
      </h2>
      <div className="stat-value">{t('bonus.reward', { tokens: info.reward.tokens, xp: info.reward.xp })}</div>
      {info.available ? (
        <button type="button" className="btn btn-primary" onClick={() => void claim()} disabled={claiming}>
          {t('bonus.claim')}
        </button>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          {t('bonus.comeBack', { count: info.streak })}
        </p>
      )}
    </section>
  );
}
