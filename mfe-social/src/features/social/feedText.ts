// A feed item's sentence in the page's language. The API sends the item's type, its learner and
// an English sentence built from the item's numbers; those numbers (cards, accuracy, streak
// days, achievement name) are read back from that sentence and put in the translated template.
// The learner's and the achievement's names stay as the server wrote them. A sentence in a shape
// this screen does not know is shown as the server sent it.
import type { FeedItem } from '@flashcard/api-contract';
import type { useSocialText } from '../../i18n';

type SocialT = ReturnType<typeof useSocialText>;

const SESSION = /^ finished a study session: (\d+) cards?, (\d+)% correct$/;
const STREAK = /^ reached a (\d+)-day study streak$/;
const ACHIEVEMENT = /^ unlocked the achievement "(.*)"$/;

export function feedText(item: FeedItem, t: SocialT): string {
  const name = item.user.display_name;
  if (!item.message.startsWith(name)) return item.message;
  const rest = item.message.slice(name.length);
  if (item.type === 'session') {
    const match = SESSION.exec(rest);
    if (match) return t('feed.session', { name, count: Number(match[1]), accuracy: Number(match[2]) });
  } else if (item.type === 'streak') {
    const match = STREAK.exec(rest);
    if (match) return t('feed.streak', { name, count: Number(match[1]) });
  } else if (item.type === 'achievement') {
    const match = ACHIEVEMENT.exec(rest);
    if (match) return t('feed.achievement', { name, achievement: match[1] });
  }
  return item.message;
}
