import { AB_STORAGE_KEY, EXPERIMENTS } from '@adwuma/shared/admin/experiment-assignment';
import { SESSION_ID_PATTERN } from '../lib/analytics.ts';
import { SESSION_ID_KEY } from '../lib/storage.ts';
import { HERO_ATTRIBUTE } from './hero-experiment.ts';

const EXPERIMENT = 'landing_hero';
const q = (value: unknown) => JSON.stringify(value);

/**
 * The landing page's only inline script, put into <head> by the prerender (scripts/prerender.mjs)
 * so the hero variant is chosen before the first paint: nothing flashes or moves. It cannot import
 * code, so it repeats in plain ES5 what the app does (lib/analytics.ts experimentVariant and
 * sessionId, shared assignVariant's FNV-1a); hero-script.test.ts holds the two to the same answers.
 * Without storage (or on any error) the control shows. The server allows it in the landing page's
 * Content-Security-Policy by its sha256 (plugins/web.ts), never with 'unsafe-inline'.
 */
export const HERO_SCRIPT = `(function(){var v=${q(EXPERIMENTS[EXPERIMENT].variants)},c=v[0];try{var s=localStorage,k=${q(AB_STORAGE_KEY)},e=${q(EXPERIMENT)},a=null;try{a=JSON.parse(s.getItem(k))}catch(x){}if(!a||typeof a!=="object"||a instanceof Array)a={};if(v.indexOf(a[e])<0){var n=${q(SESSION_ID_KEY)},i=s.getItem(n);if(!i||!${SESSION_ID_PATTERN.toString()}.test(i)){i=(window.crypto&&crypto.randomUUID?crypto.randomUUID():Date.now()+"-"+Math.random().toString(36).slice(2)).replace(/\\./g,"");s.setItem(n,i)}var t=e+":"+i,h=0x811c9dc5;for(var j=0;j<t.length;j++){h^=t.charCodeAt(j);h=Math.imul(h,0x01000193)>>>0}a[e]=v[h%v.length];s.setItem(k,JSON.stringify(a))}c=a[e]}catch(x){}document.documentElement.setAttribute(${q(HERO_ATTRIBUTE)},c)})();`;
