// Above every study screen while the network is off or ratings wait: how many, and how old
// the cards being studied are. A polite live region: the count changes as ratings are made.
import { useEffect } from 'react';
import { useStudyLocale } from '../../../i18n';
import { refreshWaiting, syncReviews, useOfflineStudy, watchConnectivity } from '../offline-study';
import '../offline.css';

export function OfflineBanner() {
  const { t, language } = useStudyLocale();
  const { online, waiting, savedAt } = useOfflineStudy();

  useEffect(() => {
    watchConnectivity();
    void refreshWaiting().then(() => syncReviews());
  }, []);

  const shown = !online || waiting > 0;
  // The live region stays in the page (hidden) so the first change is announced.
  return (
    <div className="study-offline-frame" hidden={!shown}>
      <div role="status" className="offline-notice study-offline">
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
    </div>
  );
}
