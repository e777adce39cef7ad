const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** True on phones and tablets (used to send company users to user-type/inicio-empresas). */
export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_UA.test(userAgent);
}
