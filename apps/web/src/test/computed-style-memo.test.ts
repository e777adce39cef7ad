import { afterEach, describe, expect, it } from 'vitest';

// vitest.setup.ts installs the memo for every web test: these check it against jsdom's own answers.
describe('memoized getComputedStyle', () => {
  afterEach(() => document.body.replaceChildren());

  it('answers the same declaration while the document is unchanged', () => {
    const el = document.createElement('p');
    document.body.append(el);
    expect(window.getComputedStyle(el)).toBe(window.getComputedStyle(el));
    expect(window.getComputedStyle(el).display).toBe('block');
  });

  it('computes again after an attribute, an inline style, a text or a tree change', () => {
    const el = document.createElement('div');
    const child = document.createElement('span');
    el.append(child);
    document.body.append(el);
    expect(window.getComputedStyle(el).display).toBe('block');
    el.setAttribute('hidden', '');
    expect(window.getComputedStyle(el).display).toBe('none');
    el.removeAttribute('hidden');
    el.style.visibility = 'hidden';
    expect(window.getComputedStyle(el).visibility).toBe('hidden');
    expect(window.getComputedStyle(child).visibility).toBe('hidden');
    child.remove();
    el.style.visibility = '';
    expect(window.getComputedStyle(el).visibility).toBe('visible');
    const before = window.getComputedStyle(el);
    el.textContent = 'otro texto';
    expect(window.getComputedStyle(el)).not.toBe(before);
  });

  it('computes again after a stylesheet is added', () => {
    const el = document.createElement('div');
    el.className = 'oculto';
    document.body.append(el);
    expect(window.getComputedStyle(el).display).toBe('block');
    const sheet = document.createElement('style');
    sheet.textContent = '.oculto { display: none; }';
    document.head.append(sheet);
    expect(window.getComputedStyle(el).display).toBe('none');
    sheet.remove();
  });
});
