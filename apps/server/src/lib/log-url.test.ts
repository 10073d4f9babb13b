import { describe, expect, it } from 'vitest';
import { loggedUrl, maskQueryText, maskUrl, queryNames } from './log-url.ts';

describe('maskUrl', () => {
  it('masks userinfo and secret-looking query values', () => {
    const m = maskUrl('https://u:p@r.example/pb?token=abc&api_key=k&s1=visible&Signature=zz');
    expect(m).toBe('https://***:***@r.example/pb?token=***&api_key=***&s1=visible&Signature=***');
  });

  it('masks passwords, auth values and login codes, and leaves other codes readable', () => {
    const m = maskUrl(
      'https://r.example/pb?password=p&authorization=a&code=c&login_code=l&sig=s&country_code=DE&tid=t',
    );
    expect(m).toBe(
      'https://r.example/pb?password=***&authorization=***&code=***&login_code=***&sig=***&country_code=DE&tid=t',
    );
  });

  it('masks secret-looking values under any name, and in the path, showing their first characters', () => {
    const m = maskUrl(
      'https://hooks.example/services/T0123ABCD/Xy7kQ2mN9pL4rT6vW8zB1cD3/pb?k=3f9a8b7c6d5e4f3a2b1c0d9e&p=whsec_MfKQ9r8GKYqrTwjUPD8I&tid=01a21148-acc5-7b8b-b7bf-b6c3aec96fec&sub=summer-sale-2026&amount=12.5',
    );
    expect(m).toBe(
      'https://hooks.example/services/T0123ABCD/Xy7k***/pb?k=***&p=whse***&tid=01a21148-acc5-7b8b-b7bf-b6c3aec96fec&sub=summer-sale-2026&amount=12.5',
    );
    // A short value under an unknown name stays as sent.
    expect(maskUrl('https://r.example/pb?x=abc&n=42')).toBe('https://r.example/pb?x=abc&n=42');
  });

  it('masks the query of a text that is no URL', () => {
    expect(maskUrl('not a url?token=abc&x=1')).toBe('not a url?token=***&x=1');
  });
});

describe('maskQueryText', () => {
  it('masks secret values of the URLs quoted in a message or stack', () => {
    const text = 'Error: GET https://r.example/pb?x=1&token=secret123&secret=s2 failed\n    at /app/x.js:1:2';
    const masked = maskQueryText(text);
    expect(masked).toBe('Error: GET https://r.example/pb?x=1&token=***&secret=*** failed\n    at /app/x.js:1:2');
    expect(maskQueryText('GET https://r.example/pb?q=Xy7kQ2mN9pL4rT6vW8zB1cD3&x=1')).toBe(
      'GET https://r.example/pb?q=Xy7k***&x=1',
    );
  });
});

describe('loggedUrl', () => {
  it('writes the route pattern and the query names', () => {
    expect(loggedUrl({ url: '/c/1/2?s1=a&token=b', routeOptions: { url: '/c/:offerId/:publisherId' } })).toBe(
      '/c/:offerId/:publisherId?s1&token',
    );
    expect(loggedUrl({ url: '/forgot-password/abc?from=mail' })).toBe('/forgot-password/:token?from');
    // However the path is spelled, as the web app's router would still take it.
    for (const url of [
      '/Forgot-Password/abc',
      '//forgot-password/abc',
      '/forgot-password//abc',
      '/forgot-password%2Fabc',
      '/%66orgot-password/abc',
      '/FORGOT-PASSWORD/abc/more',
    ]) {
      expect(loggedUrl({ url }), url).toBe('/forgot-password/:token');
    }
    // The page that asks for the link has no secret.
    expect(loggedUrl({ url: '/forgot-password' })).toBe('/forgot-password');
    expect(loggedUrl({ url: '/forgot-password/' })).toBe('/forgot-password/');
  });
});

describe('queryNames', () => {
  it('lists each name once, decoded, without a value', () => {
    expect(queryNames('/x')).toBe('');
    expect(queryNames('/x?')).toBe('');
    expect(queryNames('/x?a=1&b&&a=2&c=')).toBe('a&b&c');
    expect(queryNames('/x?sub%5Fid=1&two+words=2&bad%zz=3')).toBe('sub_id&two words&bad%zz');
    expect(queryNames('/x?token=a=b&tid=1')).toBe('token&tid');
  });
});
