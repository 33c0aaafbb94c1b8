// The learner's images and sounds in card text. render-core.ts turns an image naming one of the
// learner's files (`![cell](cell.png)`) into `<img data-media="cell.png">` with no source, and a
// sound (`[sound:hello.mp3]`) into `<audio data-media="hello.mp3" controls>`; RichText then asks the
// app's resolver for a blob: URL of that file (fetched through the API with the learner's token,
// which an <img> could not send) and sets it. Without a resolver, or for a missing file, the image
// shows its alt text.
import { createContext, useContext, useEffect, useState, type ReactNode, type RefObject } from 'react';

/** Set by render.ts after sanitising, so no card text can set it itself. */
export const MEDIA_ATTRIBUTE = 'data-media';

/** A blob: URL for the learner's file `name`, or null when it cannot be shown. */
export type MediaResolver = (name: string) => Promise<string | null>;

const MediaContext = createContext<MediaResolver | null>(null);

/** Gives every RichText below it the learner's images (each app wraps its screens once). */
export function RichMediaProvider({ resolve, children }: { resolve: MediaResolver; children: ReactNode }) {
  return <MediaContext.Provider value={resolve}>{children}</MediaContext.Provider>;
}

/**
 * A resolver that fetches each name once for the page's life (cards repeat their images as the
 * learner flips and returns) and keeps its blob: URL; a failed fetch is tried again next time.
 */
export function cachedMediaResolver(fetchBlob: (name: string) => Promise<Blob>): MediaResolver {
  const urls = new Map<string, Promise<string | null>>();
  return (name) => {
    let url = urls.get(name);
    if (!url) {
      url = fetchBlob(name).then(
        (blob) => URL.createObjectURL(blob),
        () => {
          urls.delete(name);
          return null;
        },
      );
      urls.set(name, url);
    }
    return url;
  };
}

/** Sets the source of each learner's image and sound inside `container` once its URL is known. */
export function useMediaImages(container: RefObject<HTMLElement | null>, html: string | null): void {
  const resolve = useContext(MediaContext);
  useEffect(() => {
    const root = container.current;
    if (!root || !resolve || html === null) return;
    let current = true;
    for (const element of root.querySelectorAll<HTMLImageElement | HTMLAudioElement>(
      `img[${MEDIA_ATTRIBUTE}], audio[${MEDIA_ATTRIBUTE}]`,
    )) {
      void resolve(element.getAttribute(MEDIA_ATTRIBUTE)!).then((url) => {
        if (current && url) element.src = url;
      });
    }
    return () => {
      current = false;
    };
  }, [container, resolve, html]);
}

/** A blob: URL for the learner's file `name` (an editor showing an image outside card text), null until known. */
export function useMediaUrl(name: string | null): string | null {
  const resolve = useContext(MediaContext);
  const [url, setUrl] = useState<{ name: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!name || !resolve) return;
    let current = true;
    void resolve(name).then((found) => current && setUrl({ name, url: found }));
    return () => {
      current = false;
    };
  }, [name, resolve]);
  return url && url.name === name ? url.url : null;
}
