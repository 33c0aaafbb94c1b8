import { cardFaces, noteOrds, plainText } from './notes';
import { occlusionProblem, occlusionText, parseOcclusion, OCCLUSION_MAX_MASKS, type OcclusionMask } from './occlusion';

const mask = (ord: number, left: number, hideAll = true): OcclusionMask => ({
  ord,
  left,
  top: 0.25,
  width: 0.1,
  height: 0.2,
  hideAll,
});

const heart = occlusionText({
  image: 'heart.png',
  alt: 'Heart',
  masks: [mask(1, 0.1), mask(2, 0.5), mask(2, 0.7)],
  header: 'Name the chambers',
});

test('the editor writes masks as Anki does and reads them back', () => {
  expect(heart).toBe(
    [
      '![Heart](heart.png)',
      '{{c1::image-occlusion:rect:left=.1:top=.25:width=.1:height=.2:oi=1}}',
      '{{c2::image-occlusion:rect:left=.5:top=.25:width=.1:height=.2:oi=1}}',
      '{{c2::image-occlusion:rect:left=.7:top=.25:width=.1:height=.2:oi=1}}',
      '',
      'Name the chambers',
    ].join('\n'),
  );
  const note = parseOcclusion(heart);
  expect(note).toMatchObject({ image: 'heart.png', alt: 'Heart', header: 'Name the chambers', invalid: false });
  expect(note.masks).toEqual([mask(1, 0.1), mask(2, 0.5), mask(2, 0.7)]);
});

test('one card per mask number: masks sharing a number are one card', () => {
  expect(noteOrds('occlusion', heart)).toEqual([1, 2]);
  expect(noteOrds('occlusion', '![x](x.png)')).toEqual([]);
});

test('hide all: the asked mask is marked, the others stay hidden on both sides', () => {
  const { front, back } = cardFaces({ kind: 'occlusion', ord: 2, question: heart, answer: 'Left and right' });
  expect(front).toBe(
    'Name the chambers\n\n<div class="occlusion"><img src="heart.png" alt="Heart">' +
      '<span class="occlusion-mask" data-occlusion="0.1 0.25 0.1 0.2"></span>' +
      '<span class="occlusion-mask occlusion-asked" data-occlusion="0.5 0.25 0.1 0.2"></span>' +
      '<span class="occlusion-mask occlusion-asked" data-occlusion="0.7 0.25 0.1 0.2"></span></div>',
  );
  expect(back).toContain('<span class="occlusion-mask" data-occlusion="0.1 0.25 0.1 0.2"></span>');
  expect(back).toContain('<span class="occlusion-mask occlusion-revealed" data-occlusion="0.5 0.25 0.1 0.2">');
  expect(back).not.toContain('occlusion-asked');
  expect(back.endsWith('</div>\n\nLeft and right')).toBe(true);
});

test('hide one: only the asked mask is drawn', () => {
  const question = occlusionText({
    image: 'map.png',
    alt: '',
    masks: [mask(1, 0.1, false), mask(2, 0.5, false)],
    header: '',
  });
  expect(question).not.toContain('oi=1');
  const { front, back } = cardFaces({ kind: 'occlusion', ord: 1, question, answer: '' });
  expect(front.match(/occlusion-mask/g)).toHaveLength(1);
  expect(front).toContain('occlusion-asked');
  expect(back.match(/occlusion-mask/g)).toHaveLength(1);
  expect(back).toContain('occlusion-revealed');
});

test("Anki's imported shapes: an <img> field, ellipses and polygons as their boxes, text labels left out", () => {
  const note = parseOcclusion(
    '{{c1::image-occlusion:ellipse:left=.2:top=.1:rx=.1:ry=.05:oi=1}}<br>' +
      '{{c2::image-occlusion:polygon:left=.1:top=.1:points=.1,.2 .4,.1 .3,.5:oi=1}}<br>' +
      '{{c3::image-occlusion:text:left=.1:top=.1:text=Aorta:scale=1:fs=.05}}' +
      '<img src="paste-1.png" alt="A heart">',
  );
  expect(note.image).toBe('paste-1.png');
  expect(note.alt).toBe('A heart');
  expect(note.invalid).toBe(false);
  expect(note.masks.map(({ ord, left, top }) => ({ ord, left, top }))).toEqual([
    { ord: 1, left: 0.2, top: 0.1 },
    { ord: 2, left: 0.1, top: 0.1 },
  ]);
  expect(note.masks[0]!.width).toBeCloseTo(0.2);
  expect(note.masks[1]!.height).toBeCloseTo(0.4);
});

test('what makes an occlusion note unusable', () => {
  expect(occlusionProblem(heart)).toBeNull();
  expect(occlusionProblem(heart.replace('![Heart](heart.png)', ''))).toBe('image');
  expect(occlusionProblem('![x](javascript:alert(1))\n' + heart.split('\n')[1])).toBe('image');
  expect(occlusionProblem('![Heart](heart.png)')).toBe('masks');
  expect(occlusionProblem(heart.replace('left=.7', 'left=.95'))).toBe('bounds');
  expect(occlusionProblem(heart.replace('left=.7', 'left=abc'))).toBe('bounds');
  expect(occlusionProblem(heart.replace('width=.1', 'width=0'))).toBe('bounds');
  const many = Array.from({ length: OCCLUSION_MAX_MASKS + 1 }, (_, index) => mask(index + 1, 0.1));
  expect(occlusionProblem(occlusionText({ image: 'a.png', alt: '', masks: many, header: '' }))).toBe('tooMany');
});

test('search text is the header and the image name in words, not the geometry', () => {
  expect(plainText(heart)).toBe('Heart\nName the chambers');
});
