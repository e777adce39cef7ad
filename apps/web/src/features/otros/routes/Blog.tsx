import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBlogUrl } from '../api/blog-url.ts';
import '../otros.css';

export const BLOG_IFRAME_HEIGHT = 600;

/** app/otros/blog: the page configured under the name 'blog', embedded. */
export function BlogRoute() {
  usePageTitle('Blog');
  const blog = useBlogUrl();
  return (
    <main className="page page--auth page--frame">
      <PageHeader title="Blog" back="/app/otros" />
      {blog.isPending ? <TruckLoader /> : null}
      {blog.data ? (
        <iframe
          className="embed-frame"
          src={blog.data}
          title="Blog de TOGO"
          height={BLOG_IFRAME_HEIGHT}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
      {!blog.isPending && !blog.data ? (
        <p className="lead">No pudimos cargar el blog en este momento. Intenta de nuevo más tarde.</p>
      ) : null}
    </main>
  );
}
