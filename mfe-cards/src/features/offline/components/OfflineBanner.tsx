// Above the card list while the network is off or changes wait: how many, and how old the list
// is. A polite live region: the count changes as cards are created and edited.
import { useEffect } from 'react';
import { useCardsLocale } from '../../../i18n';
import { refreshQueued, syncChanges, useOfflineCards, watchConnectivity } from '../offline-cards';

export function OfflineBanner() {
  const { t, language } = useCardsLocale();
  const { online, queued, savedAt } = useOfflineCards();

  useEffect(() => {
    watchConnectivity();
    void refreshQueued().then(() => syncChanges());
  }, []);

  const waiting = queued.length;
  const shown = !online || waiting > 0;
  return (
    <div role="status" className="offline-notice cards-offline" hidden={!shown}>
      {shown && (
        <>
          <strong>
            {online ? t('offline.syncing', { count: waiting }) : t('offline.waiting', { count: waiting })}
          </strong>
          {!online && savedAt !== null && (
            <span>
              {t('offline.savedAt', {
                time: new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(savedAt),
              })}
            </span>
          )}
        </>
      )}
    </div>
  );
}
