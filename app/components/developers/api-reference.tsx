// The API reference, rendered on the server from the OpenAPI document (/api/v1/openapi.json): no script needed.

import { ScrollRegion } from "~/components/ui/scroll-region";

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  default?: unknown;
  example?: unknown;
  maximum?: number;
  minimum?: number;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** A short type label: "string (date-time)", "Recording[]", "queued | processing", links for named schemas. */
function TypeLabel({ schema }: { schema: Schema }) {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#schema-${name}`} className="text-brand-700 underline">
        {name}
      </a>
    );
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return (
      <>
        {variants.map((variant, index) => (
          <span key={index}>
            {index ? " or " : ""}
            <TypeLabel schema={variant} />
          </span>
        ))}
      </>
    );
  }
  if (schema.enum) return <>{schema.enum.map((value) => JSON.stringify(value)).join(" | ")}</>;
  if (schema.const !== undefined) return <>{JSON.stringify(schema.const)}</>;
  if (schema.type === "array" && schema.items) {
    return (
      <>
        <TypeLabel schema={schema.items} />
        []
      </>
    );
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return <>{schema.format ? `${type} (${schema.format})` : type}</>;
}

function Properties({ schema, label }: { schema: Schema; label: string }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <TypeLabel schema={schema} />;
  return (
    <ScrollRegion label={label}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1 pr-4">
              Field
            </th>
            <th scope="col" className="py-1 pr-4">
              Type
            </th>
            <th scope="col" className="py-1">
              About
            </th>
          </tr>
        </thead>
        <tbody>
          {properties.map(([name, property]) => (
            <tr key={name} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-4 font-mono">
                {name}
                {schema.required?.includes(name) ? <span className="text-red-700"> *</span> : null}
              </td>
              <td className="py-1 pr-4 font-mono">
                <TypeLabel schema={property} />
              </td>
              <td className="py-1">
                {property.description ?? ""}
                {property.default !== undefined ? ` Default: ${JSON.stringify(property.default)}.` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function OperationView({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const id = operation.operationId ?? `${method}-${path}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-5">
      <h3 id={id} className="flex flex-wrap items-baseline gap-2 text-lg font-semibold">
        <span className="rounded bg-slate-900 px-2 py-0.5 font-mono text-xs text-white">{method.toUpperCase()}</span>
        <code className="font-mono text-base break-all">/api/v1{path}</code>
      </h3>
      <p className="mt-1 font-medium">{operation.summary}</p>
      {operation.description ? <p className="mt-1 text-sm text-slate-700">{operation.description}</p> : null}
      {operation.parameters?.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="font-mono">{parameter.name}</code> ({parameter.in}
                {parameter.required ? ", required" : ""}):{" "}
                <span className="font-mono">{parameter.schema ? <TypeLabel schema={parameter.schema} /> : null}</span>
                {parameter.description || parameter.schema?.description
                  ? ` — ${parameter.description ?? parameter.schema?.description}`
                  : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {operation.requestBody ? (
        <>
          <h4 className="mt-4 text-sm font-semibold">Body</h4>
          {Object.entries(operation.requestBody.content).map(([mediaType, { schema }]) => (
            <div key={mediaType} className="mt-1 text-sm">
              <p className="font-mono text-slate-600">{mediaType}</p>
              <Properties schema={schema} label={`${method.toUpperCase()} ${path} body fields (${mediaType})`} />
            </div>
          ))}
        </>
      ) : null}
      <h4 className="mt-4 text-sm font-semibold">Responses</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <span className="font-mono font-semibold">{status}</span> {response.description}
            {response.content
              ? Object.entries(response.content).map(([mediaType, { schema }]) =>
                  schema.$ref ? (
                    <span key={mediaType}>
                      {" "}
                      (<TypeLabel schema={schema} />)
                    </span>
                  ) : null,
                )
              : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <div className="space-y-10">
      <section aria-labelledby="endpoints-title" className="space-y-4">
        <h2 id="endpoints-title" className="text-2xl font-bold">
          Endpoints
        </h2>
        {operations.map(({ path, method, operation }) => (
          <OperationView key={`${method} ${path}`} method={method} path={path} operation={operation} />
        ))}
      </section>
      <section aria-labelledby="schemas-title" className="space-y-4">
        <h2 id="schemas-title" className="text-2xl font-bold">
          Schemas
        </h2>
        {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
          <section key={name} id={`schema-${name}`} aria-labelledby={`schema-${name}-title`} className="space-y-1">
            <h3 id={`schema-${name}-title`} className="font-mono text-lg font-semibold">
              {name}
            </h3>
            {schema.description ? <p className="text-sm text-slate-700">{schema.description}</p> : null}
            <Properties schema={schema} label={`${name} fields`} />
          </section>
        ))}
      </section>
    </div>
  );
}
