import { useQuery } from '@tanstack/react-query';
import { BLOG_PATHS, blogArticleSchema, blogListSchema } from '@togo/domain/content/blog.contract';
import { apiParse } from '../../../lib/api-client.ts';

/** The articles published in the console (GET /api/contenido/blog/), newest first. */
export const useBlogArticles = () =>
  useQuery({
    queryKey: ['blog', 'articulos'],
    queryFn: ({ signal }) => apiParse(blogListSchema, BLOG_PATHS.list, { signal }),
  });

/** One published article; a draft or an unknown id is a 404. */
export const useBlogArticle = (id: string) =>
  useQuery({
    queryKey: ['blog', 'articulo', id],
    queryFn: ({ signal }) => apiParse(blogArticleSchema, BLOG_PATHS.article(id), { signal }),
    enabled: /^\d{1,9}$/.test(id),
    retry: false,
  });
