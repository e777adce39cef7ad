import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBlogArticle } from '../api/blog-articles.ts';
import '../otros.css';

// The Markdown renderer (marked + DOMPurify) is its own chunk, loaded only with an article.
const MarkdownBody = lazy(() => import('../../../components/ui/MarkdownBody.tsx'));

/** app/otros/blog/:id: a published article: title, cover, date and its body rendered safely (decision 119). */
export function BlogArticleRoute() {
  const { id = '' } = useParams();
  const article = useBlogArticle(id);
  usePageTitle(article.data?.titulo ?? 'Blog');
  const missing = !article.isPending && !article.data;
  return (
    <main className="page page--auth">
      <PageHeader title="Blog" back="/app/otros/blog" />
      {article.isPending && /^\d{1,9}$/.test(id) ? <TruckLoader /> : null}
      {article.data ? (
        <article className="blog-article">
          <h2 className="blog-article__title">{article.data.titulo}</h2>
          <p className="blog-article__date">
            Publicado el{' '}
            <time dateTime={article.data.fecha_publicacion}>
              {formatDate(article.data.fecha_publicacion)}
            </time>
          </p>
          {article.data.portada ? (
            <img
              className="blog-article__cover"
              src={article.data.portada}
              alt=""
              referrerPolicy="no-referrer"
              onError={(e) => {
                e.currentTarget.hidden = true;
              }}
            />
          ) : null}
          <Suspense fallback={<TruckLoader />}>
            <MarkdownBody markdown={article.data.cuerpo} />
          </Suspense>
        </article>
      ) : null}
      {missing || !/^\d{1,9}$/.test(id) ? (
        <p className="lead">Este artículo no está disponible. Vuelve al blog para ver los publicados.</p>
      ) : null}
    </main>
  );
}
