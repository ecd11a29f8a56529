import { allowedOriginsFrom } from './cross-origin';

describe('CORS_ORIGINS: exact origins, or * alone, checked at start', () => {
  it.each([
    ['unset', undefined, undefined],
    ['empty', '', undefined],
    ['one origin', 'https://app.example.com', ['https://app.example.com']],
    ['a list, spaces and an empty entry ignored', 'https://app.example.com, http://localhost:5173,', ['https://app.example.com', 'http://localhost:5173']],
    ['every origin', '*', '*'],
  ])('%s', (_case, value, expected) => {
    expect(allowedOriginsFrom(value)).toEqual(expected);
  });

  it.each([
    ['a path', 'https://app.example.com/app', 'CORS_ORIGINS: "https://app.example.com/app" is not an origin (scheme://host[:port], as browsers send it)'],
    ['a trailing slash', 'https://app.example.com/', 'write https://app.example.com'],
    ['an upper-case host', 'https://App.Example.com', 'write https://app.example.com'],
    ["the scheme's default port", 'https://app.example.com:443', 'write https://app.example.com'],
    ['no scheme', 'app.example.com', '"app.example.com" is not an origin (scheme://host[:port], as browsers send it): not a URL'],
    ['another scheme', 'ftp://app.example.com', 'the scheme must be http or https'],
    ['* among origins', '*, https://app.example.com', 'CORS_ORIGINS: * allows every origin; list exact origins or * alone, not both'],
  ])('refuses %s', (_case, value, message) => {
    expect(() => allowedOriginsFrom(value)).toThrow(message);
  });
});
