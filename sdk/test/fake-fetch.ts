/** A `fetch` that records every request and answers from a script: no network, no module mocks. */
export function fakeFetch(answer: (request: Request) => Response | Promise<Response> = () => Response.json({})) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    requests.push(request.clone());
    return answer(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
