import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDate } from '../../../lib/formatters.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBlogArticles } from '../api/blog-articles.ts';
import { useBlogUrl } from '../api/blog-url.ts';
import '../otros.css';

export const BLOG_IFRAME_HEIGHT = 600;

function BlogFrame({ url }: { url: string }) {
  return (
    <iframe
      className="embed-frame"
      src={url}
      title="Blog de TOGO"
      height={BLOG_IFRAME_HEIGHT}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

const UNAVAILABLE = 'No pudimos cargar el blog en este momento. Intenta de nuevo más tarde.';

/**
 * app/otros/blog: the articles published in the console (issue 38), newest first, each opening its page; without
 * any, the page configured under the name 'blog', embedded as before. With both, a link leads to the embedded blog.
 */
export function BlogRoute() {
  usePageTitle('Blog');
  const articles = useBlogArticles();
  const list = articles.data?.results ?? [];
  const showList = list.length > 0;
  const blog = useBlogUrl();
  const pending = articles.isPending || blog.isPending;
  return (
    <main className={showList ? 'page page--auth' : 'page page--auth page--frame'}>
      <PageHeader title="Blog" back="/app/otros" />
      {pending ? <TruckLoader /> : null}
      {showList ? (
        <>
          <ul className="blog-list">
            {list.map((a) => (
              <li key={a.id}>
                <Link className="blog-card" to={`/app/otros/blog/${a.id}`}>
                  {a.portada ? (
                    <img
                      src={a.portada}
                      alt=""
                      loading="lazy"
                      referrerPolicy="no-referrer"
                      // A cover that cannot be loaded leaves no empty box.
                      onError={(e) => {
                        e.currentTarget.hidden = true;
                      }}
                    />
                  ) : null}
                  <span className="blog-card__title">{a.titulo}</span>
                  <span className="blog-card__date">{formatDate(a.fecha_publicacion)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {blog.data ? (
            <p>
              <Link className="blog-more" to="/app/otros/blog/web">
                Más artículos en el blog de TOGO
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {!pending && !showList && blog.data ? <BlogFrame url={blog.data} /> : null}
      {!pending && !showList && !blog.data ? <p className="lead">{UNAVAILABLE}</p> : null}
    </main>
  );
}

/** app/otros/blog/web: the page configured under the name 'blog', embedded. */
export function BlogWebRoute() {
  usePageTitle('Blog');
  const blog = useBlogUrl();
  return (
    <main className="page page--auth page--frame">
      <PageHeader title="Blog" back="/app/otros/blog" />
      {blog.isPending ? <TruckLoader /> : null}
      {blog.data ? <BlogFrame url={blog.data} /> : null}
      {!blog.isPending && !blog.data ? <p className="lead">{UNAVAILABLE}</p> : null}
    </main>
  );
}
