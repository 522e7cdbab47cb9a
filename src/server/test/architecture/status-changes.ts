import ts from 'typescript';

/** A status column, by property name: `status`, `payoutStatus`, … */
const statusKey = /^(status|\w+Status)$/;

export interface StatusWrite {
  line: number;
  text: string;
}

function writesStatus(obj: ts.Expression): boolean {
  if (!ts.isObjectLiteralExpression(obj)) return false;
  return obj.properties.some((p) => {
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    return name !== undefined && statusKey.test(name);
  });
}

/** Whether a call chain passes through `.update(…)` (drizzle's update builder) or `onConflictDoUpdate`. */
function chainHasUpdate(expr: ts.Expression): boolean {
  let e: ts.Expression = expr;
  for (;;) {
    if (ts.isCallExpression(e)) e = e.expression;
    else if (ts.isPropertyAccessExpression(e)) {
      if (e.name.text === 'update') return true;
      e = e.expression;
    } else if (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else return false;
  }
}

const sqlStatusUpdate = /\bupdate\s+"?\w+"?\s+set\b[^;]*?"?\b\w*status"?\s*=/i;

/**
 * The places in `text` that change a status column by hand: `.update(t).set({ status… })`,
 * an upsert's `onConflictDoUpdate({ set: { status… } })`, or SQL `UPDATE t SET … status =`.
 */
export function handWrittenStatusWrites(text: string): StatusWrite[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const out: StatusWrite[] = [];
  const flag = (node: ts.Node) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ line: line + 1, text: text.split('\n')[line].trim().slice(0, 120) });
  };
  // Objects built up before they are handed to `.set(…)`: `patch.status = …` or `const patch = { status: … }`.
  const statusHolders = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = node.left;
      if (ts.isPropertyAccessExpression(left) && ts.isIdentifier(left.expression) && statusKey.test(left.name.text))
        statusHolders.add(left.expression.text);
      if (
        ts.isElementAccessExpression(left) &&
        ts.isIdentifier(left.expression) &&
        ts.isStringLiteral(left.argumentExpression) &&
        statusKey.test(left.argumentExpression.text)
      ) {
        statusHolders.add(left.expression.text);
      }
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && writesStatus(node.initializer))
      statusHolders.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const holdsStatus = (arg: ts.Expression): boolean =>
    (ts.isIdentifier(arg) && statusHolders.has(arg.text)) ||
    (ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => ts.isSpreadAssignment(p) && holdsStatus(p.expression)));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression } = node.expression;
      const arg = node.arguments[0];
      if (name.text === 'set' && arg && chainHasUpdate(expression) && (writesStatus(arg) || holdsStatus(arg))) flag(name);
      if (name.text === 'onConflictDoUpdate' && arg && ts.isObjectLiteralExpression(arg)) {
        const set = arg.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'set');
        if (set && ts.isPropertyAssignment(set) && (writesStatus(set.initializer) || holdsStatus(set.initializer))) flag(name);
      }
    }
    if (ts.isTaggedTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      const raw = ts.isTaggedTemplateExpression(node) ? node.template.getText(sf) : node.getText(sf);
      if (sqlStatusUpdate.test(raw)) flag(node);
      if (ts.isTaggedTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
