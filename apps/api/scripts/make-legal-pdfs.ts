/**
 * Writes TOGO's two legal PDFs to apps/api/public/legal/ (served at /static/legal/…, named by the URLs
 * data_policy_pdf and privacy_policy_pdf of seed-data/catalogs.json):
 *
 *   npx tsx apps/api/scripts/make-legal-pdfs.ts
 *
 * Edit the texts here (and RESPONSABLE with the company's legal data), run the script and commit both the
 * script and the PDFs. A test checks that the committed PDFs are what this script produces.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPdf, type Block, type PdfDocument } from './pdf-writer.ts';

/** Who is responsible for the data. Legal must confirm these before publication (see seed-data/README.md). */
export const RESPONSABLE = {
  nombre: 'TOGO',
  domicilio: 'Bogotá D.C., Colombia',
  correo: 'protecciondedatos@togo.com.co',
  canalApp: 'la opción Perfil de la aplicación TOGO',
} as const;

export const VIGENCIA = '2026-11-22';
const VIGENCIA_TEXTO = '22 de noviembre de 2026';
const VERSION = '1.0';

export const LEGAL_DIR = fileURLToPath(new URL('../public/legal', import.meta.url));
export const DATA_POLICY_FILE = 'politica-tratamiento-datos-personales.pdf';
export const PRIVACY_POLICY_FILE = 'politica-de-privacidad.pdf';

const h1 = (text: string): Block => ({ kind: 'h1', text });
const h2 = (text: string): Block => ({ kind: 'h2', text });
const p = (text: string): Block => ({ kind: 'p', text });
const small = (text: string): Block => ({ kind: 'small', text });
const bullets = (...items: string[]): Block => ({ kind: 'bullets', items });

const contacto = `Correo electrónico ${RESPONSABLE.correo} o ${RESPONSABLE.canalApp}.`;

export const dataPolicy: PdfDocument = {
  title: 'Política de tratamiento de datos personales',
  subtitle: `Versión ${VERSION} · Vigente desde el ${VIGENCIA_TEXTO} · Ley 1581 de 2012 y Decreto 1377 de 2013`,
  author: RESPONSABLE.nombre,
  subject: 'Política de tratamiento de datos personales de TOGO',
  keywords: 'habeas data, Ley 1581 de 2012, Decreto 1377 de 2013, datos personales, TOGO',
  lang: 'es-CO',
  date: VIGENCIA,
  footer: `${RESPONSABLE.nombre} · Política de tratamiento de datos personales · Versión ${VERSION}`,
  blocks: [
    h1('1. Objeto y marco legal'),
    p(
      'Esta política explica cómo TOGO recolecta, almacena, usa, circula y suprime los datos personales de las ' +
        'personas que usan su aplicación web para propietarios de vehículos y empresas con flotas, y cómo los ' +
        'titulares pueden ejercer sus derechos. Desarrolla el derecho fundamental de habeas data del artículo 15 ' +
        'de la Constitución Política, la Ley Estatutaria 1581 de 2012 y el Decreto 1377 de 2013 (hoy compilado en ' +
        'el Decreto Único Reglamentario 1074 de 2015), y las instrucciones de la Superintendencia de Industria y ' +
        'Comercio (SIC).',
    ),
    h1('2. Responsable del tratamiento'),
    bullets(
      `Responsable: ${RESPONSABLE.nombre}.`,
      `Domicilio: ${RESPONSABLE.domicilio}.`,
      `Canales de atención para datos personales: ${contacto}`,
    ),
    h1('3. Definiciones'),
    bullets(
      'Autorización: consentimiento previo, expreso e informado del titular para llevar a cabo el tratamiento.',
      'Base de datos: conjunto organizado de datos personales que sea objeto de tratamiento.',
      'Dato personal: cualquier información vinculada o que pueda asociarse a una persona natural determinada o ' +
        'determinable.',
      'Dato sensible: el que afecta la intimidad del titular o cuyo uso indebido puede generar su discriminación ' +
        '(por ejemplo, datos de salud o biométricos).',
      'Encargado del tratamiento: quien trata datos personales por cuenta del responsable.',
      'Titular: la persona natural cuyos datos personales son objeto de tratamiento.',
      'Tratamiento: cualquier operación sobre datos personales, como la recolección, el almacenamiento, el uso, ' +
        'la circulación o la supresión.',
      'Transferencia y transmisión: envío de datos a un responsable (transferencia) o a un encargado ' +
        '(transmisión), dentro o fuera de Colombia.',
    ),
    h1('4. Principios'),
    p(
      'TOGO aplica los principios de legalidad, finalidad, libertad, veracidad o calidad, transparencia, acceso ' +
        'y circulación restringida, seguridad y confidencialidad del artículo 4 de la Ley 1581 de 2012: solo trata ' +
        'datos para las finalidades informadas y autorizadas, los mantiene exactos y actualizados, limita el acceso ' +
        'a quienes lo necesitan y los protege con medidas técnicas, humanas y administrativas.',
    ),
    h1('5. Datos que tratamos'),
    bullets(
      'Identificación y contacto: nombres, apellidos, tipo y número de documento, correo electrónico y número de ' +
        'celular. Si inicias sesión con Google o Facebook, recibimos de ese proveedor tu nombre, correo y foto.',
      'Datos de tus vehículos: placa, ciudad, kilometraje, documento del propietario, imagen del vehículo y de la ' +
        'licencia de tránsito que decidas cargar.',
      'Información de tus vehículos en fuentes públicas o de terceros autorizados (registro automotor, SOAT, ' +
        'revisión técnico-mecánica, licencia de conducción y comparendos), consultada para generar tus alertas.',
      'Fechas y datos que registras en las alertas (póliza todo riesgo, impuestos, recarga del extintor).',
      'Datos de agendamientos y pagos de servicios (revisión técnico-mecánica, peritaje, trámites). Los datos de ' +
        'tarjetas los recibe directamente la pasarela de pagos; TOGO no los almacena.',
      'Datos técnicos y de uso: registros de acceso, dispositivo, navegador y suscripciones a notificaciones.',
      'Para empresas: placas de la flota y datos de los conductores que la empresa carga, de los cuales la ' +
        'empresa es responsable y declara contar con su autorización.',
    ),
    p(
      'TOGO no solicita datos sensibles. La foto de perfil es opcional. Cuando se traten datos de niños, niñas o ' +
        'adolescentes (por ejemplo, con tarjeta de identidad), se hará respetando su interés superior y con la ' +
        'autorización de su representante legal.',
    ),
    h1('6. Finalidades'),
    bullets(
      'Crear y administrar tu cuenta, verificar tu identidad con códigos de un solo uso y mantener tu sesión.',
      'Mantener tu garaje y consultar la información de tus vehículos para mostrarte el estado de SOAT, revisión ' +
        'técnico-mecánica, licencia, comparendos, impuestos y pico y placa.',
      'Enviarte alertas y notificaciones por correo electrónico, SMS y notificaciones del navegador antes de que ' +
        'venzan tus documentos.',
      'Agendar los servicios que solicites con nuestros aliados, compartir con ellos los datos necesarios para ' +
        'prestarlos y gestionar los pagos.',
      'Atender peticiones, quejas y reclamos, y dar soporte.',
      'Prevenir fraudes y proteger la seguridad de la aplicación y de las cuentas.',
      'Elaborar estadísticas de uso con datos agregados o anonimizados para mejorar el servicio.',
      'Enviarte información comercial de TOGO y de sus aliados, solo si lo autorizas; puedes retirar esa ' +
        'autorización en cualquier momento.',
      'Cumplir obligaciones legales y atender requerimientos de autoridades competentes.',
    ),
    h1('7. Derechos del titular'),
    p('De acuerdo con el artículo 8 de la Ley 1581 de 2012, como titular tienes derecho a:'),
    bullets(
      'Conocer, actualizar y rectificar tus datos personales, en especial si son parciales, inexactos, ' +
        'incompletos o inducen a error.',
      'Solicitar prueba de la autorización otorgada a TOGO, salvo cuando la ley no la exija.',
      'Ser informado, previa solicitud, sobre el uso que TOGO ha dado a tus datos.',
      'Presentar ante la Superintendencia de Industria y Comercio quejas por infracciones a la ley, una vez ' +
        'agotado el trámite de consulta o reclamo ante TOGO.',
      'Revocar la autorización y/o solicitar la supresión de tus datos cuando no se respeten los principios, ' +
        'derechos y garantías legales, siempre que no exista un deber legal o contractual de conservarlos.',
      'Acceder en forma gratuita a tus datos personales objeto de tratamiento.',
    ),
    h1('8. Autorización'),
    p(
      'TOGO solicita tu autorización de manera previa, expresa e informada al crear tu cuenta y la conserva como ' +
        'prueba. No se requiere autorización en los casos del artículo 10 de la Ley 1581 de 2012, entre ellos la ' +
        'información requerida por una entidad pública en ejercicio de sus funciones, los datos de naturaleza ' +
        'pública y los casos de urgencia médica o sanitaria.',
    ),
    h1('9. Procedimiento para consultas y reclamos'),
    h2('Consultas'),
    p(
      'Puedes consultar la información personal que repose en nuestras bases de datos. Atenderemos la consulta en ' +
        'un término máximo de diez (10) días hábiles desde su recibo. Si no fuera posible, te informaremos los ' +
        'motivos y la fecha de respuesta, que no superará cinco (5) días hábiles adicionales.',
    ),
    h2('Reclamos'),
    p(
      'Si consideras que tu información debe ser corregida, actualizada o suprimida, o que hay un incumplimiento ' +
        'de la ley, puedes presentar un reclamo con tu identificación, la descripción de los hechos, tu dirección ' +
        'o correo de respuesta y los documentos que quieras hacer valer. Si el reclamo está incompleto, te ' +
        'pediremos completarlo dentro de los cinco (5) días siguientes; si pasan dos (2) meses sin que lo hagas, ' +
        'entenderemos que desististe. Una vez recibido el reclamo completo, lo marcaremos como «reclamo en ' +
        'trámite» en un plazo no mayor a dos (2) días hábiles y lo resolveremos en un término máximo de quince ' +
        '(15) días hábiles; si no fuera posible, te informaremos los motivos y la nueva fecha, que no superará ' +
        'ocho (8) días hábiles adicionales.',
    ),
    h2('Canales'),
    p(
      `${contacto} Las solicitudes pueden presentarlas el titular, sus causahabientes, su representante o ` +
        'apoderado, previa acreditación de su identidad o calidad.',
    ),
    h1('10. Transmisiones y transferencias'),
    p(
      'TOGO puede transmitir datos a encargados que le prestan servicios (alojamiento en la nube, envío de ' +
        'correos y SMS, pasarela de pagos, aliados que prestan los servicios agendados), con contratos que les ' +
        'exigen tratarlos solo para esas finalidades y con medidas de seguridad adecuadas. Las transferencias ' +
        'internacionales se harán a países con niveles adecuados de protección o en los casos exceptuados por el ' +
        'artículo 26 de la Ley 1581 de 2012.',
    ),
    h1('11. Seguridad de la información'),
    p(
      'Aplicamos medidas como el cifrado de las comunicaciones, el almacenamiento de contraseñas con funciones ' +
        'de derivación seguras, códigos de verificación de un solo uso con vencimiento, control de acceso a la ' +
        'información y registro de operaciones. Ninguna medida es infalible; si ocurre un incidente que afecte ' +
        'tus datos, lo informaremos a la SIC y, cuando corresponda, a ti.',
    ),
    h1('12. Vigencia'),
    p(
      `Esta política rige desde el ${VIGENCIA_TEXTO}. Tus datos se conservarán mientras tengas una cuenta ` +
        'activa y durante el tiempo necesario para cumplir las finalidades descritas y las obligaciones legales ' +
        'o contractuales. Los cambios sustanciales de esta política se te comunicarán por la aplicación o por ' +
        'correo electrónico antes de su implementación.',
    ),
    small(
      'Referencias: Constitución Política, art. 15; Ley Estatutaria 1581 de 2012; Decreto 1377 de 2013 ' +
        '(compilado en el Decreto 1074 de 2015).',
    ),
  ],
};

export const privacyPolicy: PdfDocument = {
  title: 'Política de privacidad',
  subtitle: `Versión ${VERSION} · Vigente desde el ${VIGENCIA_TEXTO}`,
  author: RESPONSABLE.nombre,
  subject: 'Política de privacidad de la aplicación TOGO',
  keywords: 'privacidad, datos personales, TOGO',
  lang: 'es-CO',
  date: VIGENCIA,
  footer: `${RESPONSABLE.nombre} · Política de privacidad · Versión ${VERSION}`,
  blocks: [
    h1('1. Quiénes somos y a qué aplica'),
    p(
      'TOGO es una aplicación web para propietarios de vehículos en Colombia y para empresas con flotas: te ' +
        'ayuda a tener al día el SOAT, la revisión técnico-mecánica, la póliza, los impuestos, el kit de ' +
        'carretera y la licencia, a consultar comparendos y pico y placa, y a agendar servicios. Esta política ' +
        'explica qué información usamos, para qué y cómo la protegemos. Se complementa con nuestra Política de ' +
        'tratamiento de datos personales, que detalla tus derechos y el procedimiento para ejercerlos.',
    ),
    h1('2. Qué información recopilamos'),
    h2('Información que nos das'),
    bullets(
      'Tus datos de registro: nombres, apellidos, correo electrónico, celular y contraseña (que guardamos protegida ' +
        'con una función de derivación segura, nunca en texto plano).',
      'Los datos de tus vehículos y de su propietario, y las fechas que registras en tus alertas.',
      'Las imágenes que cargas (foto de perfil, foto del vehículo, licencia de tránsito).',
      'La información que envías al agendar un servicio o al escribirnos.',
    ),
    h2('Información que obtenemos'),
    bullets(
      'Datos de tus vehículos en fuentes públicas o de terceros autorizados, como el registro automotor, SOAT, ' +
        'revisión técnico-mecánica y comparendos, para calcular tus alertas.',
      'Si inicias sesión con Google o Facebook: tu nombre, correo y foto de perfil según lo que autorices en ' +
        'ese proveedor.',
      'Datos técnicos: dirección IP, tipo de dispositivo y navegador, fecha y hora de acceso, usados para la ' +
        'seguridad y el funcionamiento del servicio.',
    ),
    h2('Almacenamiento en tu dispositivo'),
    p(
      'La aplicación guarda en el almacenamiento local de tu navegador tu sesión, tu información básica de ' +
        'usuario y el vehículo seleccionado, para que no tengas que iniciar sesión cada vez. Al cerrar sesión se ' +
        'borran. No usamos cookies de publicidad de terceros.',
    ),
    h1('3. Para qué la usamos'),
    bullets(
      'Prestarte el servicio: tu cuenta, tu garaje, tus alertas y el agendamiento de servicios.',
      'Avisarte por correo, SMS o notificaciones del navegador antes de que venzan tus documentos.',
      'Verificar tu identidad con códigos de un solo uso y proteger tu cuenta frente a accesos no autorizados.',
      'Atender tus solicitudes y mejorar la aplicación con estadísticas agregadas.',
      'Enviarte ofertas de TOGO o de sus aliados, solo si lo aceptas.',
    ),
    h1('4. Con quién la compartimos'),
    p('No vendemos tu información personal. Solo la compartimos con:'),
    bullets(
      'Los aliados que prestan los servicios que agendas (centros de revisión, peritos, gestores de trámites), ' +
        'con los datos necesarios para atenderte.',
      'La pasarela de pagos, cuando pagas en línea; ella recibe directamente los datos de tu medio de pago.',
      'Proveedores tecnológicos que nos ayudan a operar (alojamiento, envío de correos y SMS), obligados a ' +
        'proteger la información y a usarla solo para prestarnos el servicio.',
      'Autoridades que la soliciten en ejercicio de sus funciones legales.',
    ),
    h1('5. Contenidos de terceros'),
    p(
      'Algunas secciones muestran páginas de terceros dentro de la aplicación, como la consulta de pico y placa ' +
        'o las páginas de aliados para pólizas, pases de peaje o financiación. Esos sitios tienen sus propias ' +
        'políticas de privacidad, que te recomendamos revisar.',
    ),
    h1('6. Cuánto tiempo la conservamos'),
    p(
      'Conservamos tu información mientras tengas una cuenta activa y el tiempo adicional que exijan la ley o ' +
        'la atención de reclamos. Si eliminas un vehículo de tu garaje, deja de mostrarse y de generar alertas. ' +
        'Puedes pedir la supresión de tu cuenta por los canales indicados abajo.',
    ),
    h1('7. Cómo la protegemos'),
    p(
      'Usamos conexiones cifradas, contraseñas protegidas con funciones de derivación seguras, sesiones con ' +
        'vencimiento que se revocan al cerrar sesión o cambiar la contraseña, límites de intentos, y acceso ' +
        'restringido a la información. Los archivos que cargas solo se entregan a su dueño mediante enlaces ' +
        'firmados y temporales.',
    ),
    h1('8. Tus derechos'),
    p(
      'Puedes conocer, actualizar, rectificar y suprimir tus datos, revocar tu autorización y presentar quejas ' +
        'ante la Superintendencia de Industria y Comercio, en los términos de la Ley 1581 de 2012. Muchos datos ' +
        'los puedes actualizar tú mismo en la sección Perfil; para lo demás, escríbenos.',
    ),
    h1('9. Menores de edad'),
    p(
      'TOGO está dirigida a personas mayores de edad. Si un menor usa la aplicación, debe hacerlo con la ' +
        'autorización y el acompañamiento de su representante legal.',
    ),
    h1('10. Cambios y contacto'),
    p(
      'Si cambiamos esta política de forma sustancial, te lo informaremos en la aplicación o por correo antes de ' +
        `aplicar el cambio. Para cualquier pregunta: ${contacto}`,
    ),
  ],
};

export const LEGAL_PDFS: readonly { file: string; doc: PdfDocument }[] = [
  { file: DATA_POLICY_FILE, doc: dataPolicy },
  { file: PRIVACY_POLICY_FILE, doc: privacyPolicy },
];

function main(): void {
  mkdirSync(LEGAL_DIR, { recursive: true });
  for (const { file, doc } of LEGAL_PDFS) {
    const target = path.join(LEGAL_DIR, file);
    const pdf = renderPdf(doc);
    writeFileSync(target, pdf);
    console.log(`${target} (${pdf.length} bytes)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
