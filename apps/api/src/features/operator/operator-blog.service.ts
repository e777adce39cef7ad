import {
  BLOG_MSG,
  type BlogArticleInput,
  type OperatorBlogArticle,
} from '@togo/domain/content/blog.contract';
import { AppError } from '../../http/app-error.ts';
import { staleVersion } from '../../http/if-match.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditActor } from './audit.repository.ts';
import type {
  BlogArticleRow,
  BlogArticleValues,
  OperatorBlogRepository,
} from './operator-blog.repository.ts';

type Input = Required<BlogArticleInput>;

export function toOperatorArticle(row: BlogArticleRow): OperatorBlogArticle {
  return {
    id: row.id,
    titulo: row.titulo,
    portada: row.portada,
    cuerpo: row.cuerpo,
    fecha_publicacion: row.fechaPublicacion,
    publicado: row.publicado,
    version: row.version,
    actualizado: row.updated.toISOString(),
  };
}

const values = (input: Input): BlogArticleValues => ({
  titulo: input.titulo,
  portada: input.portada,
  cuerpo: input.cuerpo,
  fechaPublicacion: input.fecha_publicacion,
  publicado: input.publicado,
});

/** The audit action of a save: publishing and withdrawing are named apart from an edit. */
function actionOf(before: boolean | null, after: boolean): string {
  if (before === null) return after ? 'contenido.publicar_articulo' : 'contenido.crear_articulo';
  if (!before && after) return 'contenido.publicar_articulo';
  if (before && !after) return 'contenido.retirar_articulo';
  return 'contenido.editar_articulo';
}

/** Blog articles in the console (issue 38): drafts and published, audited create, edit, publish and withdraw. */
export class OperatorBlogService {
  constructor(private readonly deps: { repo: OperatorBlogRepository; clock: Clock }) {}

  async list(): Promise<OperatorBlogArticle[]> {
    return (await this.deps.repo.list()).map(toOperatorArticle);
  }

  async article(id: number): Promise<OperatorBlogArticle> {
    const row = await this.deps.repo.find(id);
    if (!row) throw AppError.notFound(BLOG_MSG.notFound);
    return toOperatorArticle(row);
  }

  async create(actor: AuditActor, input: Input): Promise<OperatorBlogArticle> {
    const row = await this.deps.repo.create(
      values(input),
      (created) => ({
        actor,
        accion: actionOf(null, created.publicado),
        objeto: `articulo:${created.id}`,
        antes: null,
        despues: toOperatorArticle(created),
      }),
      this.deps.clock.now(),
    );
    return toOperatorArticle(row);
  }

  async update(actor: AuditActor, id: number, input: Input, expected: number): Promise<OperatorBlogArticle> {
    const result = await this.deps.repo.update(
      id,
      expected,
      values(input),
      (before, after) => ({
        actor,
        accion: actionOf(before.publicado, after.publicado),
        objeto: `articulo:${id}`,
        antes: toOperatorArticle(before),
        despues: toOperatorArticle(after),
      }),
      this.deps.clock.now(),
    );
    if (result === 'missing') throw AppError.notFound(BLOG_MSG.notFound);
    if (result === 'stale') throw staleVersion();
    return toOperatorArticle(result);
  }
}
