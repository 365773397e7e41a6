// One request with a bearer token through fetch, for the sections that run their own servers over
// plain HTTP (tenants): resolves { status, text }; a request that never reached the server (a
// keep-alive connection it closed meanwhile) is sent again, up to three times.
const json = { 'content-type': 'application/json' };

export async function call(url, token, method = 'GET', body) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, ...(body ? json : {}) }, body: body && JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
