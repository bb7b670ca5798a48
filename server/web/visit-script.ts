import { createHash } from 'node:crypto'

/**
 * Every public page's second inline script (a few hundred bytes, nothing to download, nothing the first
 * paint waits for). Unless the browser sends Global Privacy Control or Do Not Track:
 * - on the first page of a visit in this tab it keeps where the visitor came from in sessionStorage
 *   (`meridian:visit`: the landing path, the referrer's host when it is another site, the UTM fields), which
 *   the lead form sends with the lead; sessionStorage ends with the tab, and nothing else is kept;
 * - on each navigation inside the site (the router's `pushState`, back and forward) it reports the new path
 *   with `navigator.sendBeacon` to `/api/views` (the server counts the pages it serves itself).
 * The code never changes, so the Content-Security-Policy allows it by hash (`visitScriptHash`).
 */
export const visitScript =
  "(function(){try{var n=navigator,l=location,s=sessionStorage,k='meridian:visit',p=l.pathname,h=history,u=h.pushState;if(n.globalPrivacyControl||n.doNotTrack==='1')return;if(!s.getItem(k)){var q=new URLSearchParams(l.search),r='';try{r=new URL(document.referrer).host}catch(e){}s.setItem(k,JSON.stringify({landing_path:p,referrer_host:r===l.host?'':r,utm_source:q.get('utm_source')||'',utm_medium:q.get('utm_medium')||'',utm_campaign:q.get('utm_campaign')||''}))}function v(){if(l.pathname!==p){p=l.pathname;n.sendBeacon&&n.sendBeacon('/api/views',JSON.stringify({path:p}))}}h.pushState=function(){u.apply(h,arguments);v()};addEventListener('popstate',v)}catch(e){}})()"

/** The `script-src` source that allows `visitScript`. */
export const visitScriptHash = `'sha256-${createHash('sha256').update(visitScript).digest('base64')}'`
