// Hard-coded sample content (spec: the social screen is static for now).
export interface SampleFriend {
  id: number;
  name: string;
  online: boolean;
  streak: number;
  cardsThisWeek: number;
}

export const FRIENDS: readonly SampleFriend[] = [
  { id: 1, name: 'Maya Chen', online: true, streak: 12, cardsThisWeek: 148 },
  { id: 2, name: 'Liam Okafor', online: false, streak: 4, cardsThisWeek: 63 },
  { id: 3, name: 'Sofia Rossi', online: true, streak: 27, cardsThisWeek: 210 },
  { id: 4, name: 'Noah Schmidt', online: false, streak: 0, cardsThisWeek: 12 },
  { id: 5, name: 'Aisha Rahman', online: true, streak: 8, cardsThisWeek: 95 },
];

export interface SampleActivity {
  id: number;
  who: string;
  what: string;
  when: string;
}

export const ACTIVITY: readonly SampleActivity[] = [
  { id: 1, who: 'Sofia Rossi', what: 'reached a 27-day study streak', when: '1h ago' },
  { id: 2, who: 'Maya Chen', what: 'completed a review session with 92% accuracy', when: '3h ago' },
  { id: 3, who: 'Aisha Rahman', what: 'unlocked the Century achievement', when: '5h ago' },
  { id: 4, who: 'Liam Okafor', what: 'created 20 new cards in Organic Chemistry', when: '1d ago' },
  { id: 5, who: 'Noah Schmidt', what: 'joined the Spanish Vocabulary study group', when: '2d ago' },
];
