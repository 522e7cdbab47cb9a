/** What must never reach a client: stack frames, file paths, SQL and database error texts. */
export const LEAK =
  /\bat .+:\d+:\d+\)|node_modules|\/src\/server\/|SELECT |INSERT INTO|UPDATE .* SET|DELETE FROM|syntax error at|relation ".*"|violates .* constraint|duplicate key value|Failed query:/;
