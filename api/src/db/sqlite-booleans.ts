// SQLite has no boolean type and better-sqlite3 refuses to bind JavaScript booleans. This
// plugin rewrites every boolean value in a query (parameters, literals, insert rows) to 1/0,
// so the rest of the app writes `known: true` for both databases. Reads still return 1/0:
// presenters turn them into booleans.
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'boolean' ? { ...node, value: toSqlite(node.value) } : node;
  }

  // Multi-row inserts of plain values arrive as one list node, not as separate ValueNodes.
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((value) => typeof value === 'boolean')
      ? { ...node, values: node.values.map(toSqlite) }
      : node;
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  private readonly transformer = new BooleanToInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
