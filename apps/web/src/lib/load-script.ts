const pending = new Map<string, Promise<void>>();

/** Adds a third-party <script> once and resolves when it has loaded (used by the social sign-in SDKs). */
export function loadScript(src: string, attrs: Record<string, string> = {}): Promise<void> {
  const existing = pending.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    for (const [name, value] of Object.entries(attrs)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      pending.delete(src);
      script.remove();
      reject(new Error(`No se pudo cargar ${src}`));
    });
    document.head.appendChild(script);
  });
  pending.set(src, promise);
  return promise;
}
