import { categoryIdOf, listen, openQuery, pageBody, required } from "./common";

/**
 * (b) The bare query: raw node:http, the app's driver, the category page's
 * SQL (first page of a category joined with sellers) on every request. No
 * framework, no session, no extras: the cost of asking the database each time.
 */
const query = openQuery(required("BENCH_DATABASE_URL"));

listen((req, res) => {
  const categoryId = categoryIdOf(req.url);
  if (!categoryId) {
    res.writeHead(404).end();
    return;
  }
  query.categoryPage(categoryId).then(
    (rows) => res.writeHead(200, { "content-type": "application/json" }).end(pageBody(rows)),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      res.writeHead(500).end();
    },
  );
});
