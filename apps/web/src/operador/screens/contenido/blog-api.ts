import {
  BLOG_PATHS,
  operatorBlogArticleSchema,
  type BlogArticleInput,
  type OperatorBlogArticle,
} from '@togo/domain/content/blog.contract';
import { z } from 'zod';
import { operatorRequest } from '../../lib/operator-api.ts';

/** The console's blog calls (/api/operador/contenido/blog/…, issue 38). */

export function blogArticles(signal?: AbortSignal): Promise<OperatorBlogArticle[]> {
  return operatorRequest(BLOG_PATHS.console, {
    schema: z.object({ results: z.array(operatorBlogArticleSchema) }),
    signal,
  }).then((r) => r.results);
}

/** The article as it is now (after a 409: someone saved it since it was read). */
export function getBlogArticle(id: number): Promise<OperatorBlogArticle> {
  return operatorRequest(BLOG_PATHS.consoleArticle(id), { schema: operatorBlogArticleSchema });
}

/** Creates (`article` null) or saves the article read at `article.version` (If-Match, decision 096). */
export function saveBlogArticle(
  article: Pick<OperatorBlogArticle, 'id' | 'version'> | null,
  input: BlogArticleInput,
): Promise<OperatorBlogArticle> {
  return operatorRequest(article === null ? BLOG_PATHS.console : BLOG_PATHS.consoleArticle(article.id), {
    method: article === null ? 'POST' : 'PUT',
    body: input,
    schema: operatorBlogArticleSchema,
    ...(article === null ? {} : { ifMatch: article.version }),
  });
}
