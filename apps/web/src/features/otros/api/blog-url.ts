import { useTogoUrl } from './togo-url.ts';

/** The blog's address: the URL named 'blog' (null when not configured). */
export const useBlogUrl = () => useTogoUrl('blog');
