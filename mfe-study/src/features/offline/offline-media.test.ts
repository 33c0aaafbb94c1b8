import 'fake-indexeddb/auto';
import { AxiosError, AxiosHeaders } from 'axios';
import { reviewQueue, studyCard } from '../../test/study';
import { keepMediaOf, mediaNamesIn, offlineMediaFetch } from './offline-media';
import { closeStudyDatabaseForTests } from './study-db';

const networkDown = () => new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });
const png = (text: string) => new Blob([text], { type: 'image/png' });

beforeEach(async () => {
  await closeStudyDatabaseForTests();
  indexedDB.deleteDatabase('flashcard-study');
});

it("finds the learner's files a card shows, in Markdown and in imported HTML, and nothing else", () => {
  expect(
    mediaNamesIn(
      'A ![cell](cell.png) and <img alt="x" src="heart-2.jpg"> but not ![web](https://example.com/a.png) or ![](../x.png)',
    ),
  ).toEqual(['cell.png', 'heart-2.jpg']);
  expect(
    mediaNamesIn('Listen [sound:bonjour.mp3] <audio src="hallo.ogg"></audio> [sound:../x.mp3] [sound:a b.mp3]'),
  ).toEqual(['hallo.ogg', 'bonjour.mp3']);
});

it('keeps the images of a saved queue and answers from them offline, for their learner only', async () => {
  const queue = reviewQueue({
    due: [studyCard(1, { question: '![](cell.png)' })],
    new: [studyCard(2, { answer: '![a](atom.gif) ![b](cell.png)' })],
  });
  const fetched: string[] = [];
  await keepMediaOf(7, queue, async (name) => {
    fetched.push(name);
    return png(name);
  });
  expect(fetched).toEqual(['cell.png', 'atom.gif']);
  await keepMediaOf(7, queue, async (name) => {
    throw new Error(`fetched ${name} again`);
  });

  const offline = async () => {
    throw networkDown();
  };
  const blob = await offlineMediaFetch(() => 7, offline)('atom.gif');
  expect(await blob.text()).toBe('atom.gif');
  await expect(offlineMediaFetch(() => 8, offline)('atom.gif')).rejects.toThrow('Network Error');
  // A refusal from the server is not answered from the copy: the file may be gone.
  const refused = async () => {
    throw new AxiosError(
      'Not found',
      'ERR_BAD_REQUEST',
      { headers: new AxiosHeaders() },
      {},
      {
        status: 404,
        statusText: '',
        headers: {},
        config: { headers: new AxiosHeaders() },
        data: {},
      },
    );
  };
  await expect(offlineMediaFetch(() => 7, refused)('atom.gif')).rejects.toThrow('Not found');
});
