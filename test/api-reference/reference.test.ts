import { simulationTypes } from '@faraday/contracts';
import { solverExamples, solverResultSchemas } from '@faraday/physics/schemas';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSimulationRequest } from '../../services/sim/src/request-validation.js';
import {
  buildServices,
  openApiOf,
  type RunningServices,
  type ServiceName,
  serviceNames,
} from './services.js';

// biome-ignore lint/suspicious/noExplicitAny: documents are walked field by field in the assertions
type Json = Record<string, any>;

/**
 * Paths of the real-valued numbers under a JSON Schema that declare no unit: a number (or an
 * array of numbers) carries `x-unit`; an integer is a count and needs none.
 */
function numbersWithoutUnit(schema: Json, path = ''): string[] {
  if (schema['x-unit'] !== undefined) return [];
  const types = [schema.type].flat();
  if (types.includes('number')) return [path];
  const nested = [
    ...Object.entries((schema.properties ?? {}) as Json).map(([key, value]) => [`${path}.${key}`, value]),
    ...(schema.items ? [[`${path}[]`, schema.items]] : []),
    ...((schema.anyOf ?? []) as Json[]).map((option, i) => [`${path}|${i}`, option]),
  ] as [string, Json][];
  return nested.flatMap(([where, value]) => numbersWithoutUnit(value, where));
}

function operations(document: Json): { path: string; method: string; operation: Json }[] {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Json,
    })),
  );
}

describe('the API reference of each service', () => {
  let services: RunningServices;
  const documents = {} as Record<ServiceName, Json>;

  beforeAll(async () => {
    services = await buildServices({ PUBLIC_URL: 'https://faraday.example.edu/' });
    for (const name of serviceNames) documents[name] = await openApiOf(services.apps[name]);
  });
  afterAll(async () => services?.close());

  it.each(serviceNames)("%s: Redocly's recommended rules find no error or warning", async (name) => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(documents[name]),
      absoluteRef: `${name}-openapi.json`,
      config,
    });
    const findings = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(findings).toEqual([]);
  });

  it.each(serviceNames)('%s: operationIds, servers, licence, contact, tag descriptions', (name) => {
    const document = documents[name];
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.servers).toHaveLength(1);
    expect(document.servers[0].url).toMatch(/^http/);
    expect(document.info.license.name).toBeTruthy();
    expect(document.info.contact.name).toBeTruthy();
    expect((document.tags as Json[]).every((tag) => tag.description)).toBe(true);
  });

  it("names the backend's configured public URL as its server", () => {
    expect(documents.backend.servers).toEqual([{ url: 'https://faraday.example.edu' }]);
  });

  it('declares public operations without security and the others with a bearer token', () => {
    const paths = documents.backend.paths as Json;
    for (const [path, method] of [
      ['/healthz', 'get'],
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/corpchat', 'post'],
      ['/api/v1/auth/corpchat/oauth-url', 'get'],
    ] as const) {
      expect(paths[path][method].security, path).toEqual([]);
      // No token is read, so none of a token's failures is listed.
      expect(
        paths[path][method].responses['401']?.content['application/json'].examples.TOKEN_EXPIRED,
      ).toBeUndefined();
    }
    expect(paths['/api/v1/courses'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(documents.ai.paths['/v1/chat'].post.security).toEqual([{ gatewayToken: [] }]);
    expect(documents.sim.paths['/v1/sim/laplace2d'].post.security).toEqual([{ serviceToken: [] }]);
  });

  it('derives error answers from access, schemas and the codes a route declares', () => {
    const create = documents.backend.paths['/api/v1/courses'].post;
    const examples = (status: number) =>
      create.responses[String(status)].content['application/json'].examples;
    // Access course:write: the token's 401s, 403 naming the permission.
    expect(Object.keys(examples(401)).sort()).toEqual(['TOKEN_EXPIRED', 'TOKEN_REVOKED', 'UNAUTHORIZED']);
    expect(examples(403).INSUFFICIENT_PERMISSIONS.value).toEqual({
      success: false,
      error: {
        code: 'INSUFFICIENT_PERMISSIONS',
        message: 'You do not have the permission this action requires',
        required_permission: 'course:write',
      },
    });
    // A body schema: 400, 413, 415; the use case's own code; and every answer's schema lists its codes.
    expect(Object.keys(examples(400))).toEqual(['VALIDATION_ERROR']);
    expect(examples(413).PAYLOAD_TOO_LARGE).toBeDefined();
    expect(examples(409).COURSE_CODE_EXISTS).toBeDefined();
    expect(
      create.responses['409'].content['application/json'].schema.properties.error.properties.code.enum,
    ).toEqual(['COURSE_CODE_EXISTS']);
    // A rate limit: 429 with Retry-After.
    const login = documents.backend.paths['/api/v1/auth/login'].post;
    expect(Object.keys(login.responses['429'].content['application/json'].examples).sort()).toEqual([
      'ACCOUNT_LOCKED',
      'RATE_LIMITED',
    ]);
    expect(login.responses['429'].headers['Retry-After']).toBeDefined();
    // The simulation service validates with its own code.
    expect(
      documents.sim.paths['/v1/sim/fresnel'].post.responses['400'].content['application/json'].examples,
    ).toHaveProperty('INVALID_PARAMETERS');
  });

  it('documents each solver as its own operation whose example the simulation service accepts', () => {
    for (const [name, prefix] of [
      ['backend', '/api/v1/sim/'],
      ['sim', '/v1/sim/'],
    ] as const) {
      for (const solver of simulationTypes) {
        const operation = documents[name].paths[`${prefix}${solver}`]?.post;
        expect(operation, `${name} ${solver}`).toBeDefined();
        const media = operation.requestBody.content['application/json'];
        const { course_id: _, title: __, ...example } = media.example;
        expect(example).toEqual(solverExamples[solver]);
        expect(() => validateSimulationRequest(solver, example)).not.toThrow();
        // The physics schema's own fields are documented (not only course_id and title).
        for (const field of Object.keys(solverExamples[solver])) {
          expect(media.schema.properties, `${solver}.${field}`).toHaveProperty(field);
        }
      }
    }
    expect(documents.backend.paths['/api/v1/sim/{solver}']).toBeUndefined();
  });

  it('shows the unit of each real-valued solver field as the physics schemas declare it (x-unit)', () => {
    for (const [name, prefix] of [
      ['backend', '/api/v1/sim/'],
      ['sim', '/v1/sim/'],
    ] as const) {
      const fields = (solver: string) =>
        documents[name].paths[`${prefix}${solver}`].post.requestBody.content['application/json'].schema
          .properties;
      expect(fields('point_charges').charges.items.properties.q['x-unit']).toBe('C');
      expect(fields('point_charges').x_min['x-unit']).toBe('m');
      expect(fields('fresnel').theta_i['x-unit']).toBe('deg');
      expect(fields('fresnel').n1['x-unit']).toBe('1');
      expect(fields('wave_1d').medium.properties.sigma['x-unit']).toBe('S/m');
      expect(fields('solenoid').analysis_points.properties.axial_range.prefixItems[0]['x-unit']).toBe('m');
      // a count has none
      expect(fields('laplace2d').nx).not.toHaveProperty('x-unit');
    }
  });

  it("documents each solver's answer: its result fields, each number with its unit and meaning", () => {
    for (const [name, prefix] of [
      ['backend', '/api/v1/sim/'],
      ['sim', '/v1/sim/'],
    ] as const) {
      for (const solver of simulationTypes) {
        const answer =
          documents[name].paths[`${prefix}${solver}`].post.responses['200'].content['application/json'].schema
            .properties.data;
        const fields = Object.keys(solverResultSchemas[solver].shape);
        expect(Object.keys(answer.properties), `${name} ${solver}`).toEqual(expect.arrayContaining(fields));
        expect(answer.properties).toHaveProperty('png_base64');
        expect(numbersWithoutUnit(answer), `${name} ${solver}`).toEqual([]);
        for (const field of fields) expect(answer.properties[field].description, field).toBeTruthy();
      }
      const answer = (solver: string) =>
        documents[name].paths[`${prefix}${solver}`].post.responses['200'].content['application/json'].schema
          .properties.data.properties;
      expect(answer('laplace2d').potential['x-unit']).toBe('V');
      expect(answer('laplace2d').electric_field.properties.magnitude['x-unit']).toBe('V/m');
      expect(answer('laplace2d').domain.description).toMatch(/longer side is 1 m/);
      expect(answer('wire_field').magnetic_field.properties.Bx['x-unit']).toBe('T');
      expect(answer('gauss_flux').electric_flux['x-unit']).toBe('V·m');
      expect(answer('gauss_flux').surface_points.properties.flux_density['x-unit']).toBe('V/m');
      expect(answer('wave_1d').far_end_peak['x-unit']).toBe('V/m');
      expect(answer('wave_1d').metadata.properties.warnings.type).toBe('array');
      expect(answer('solenoid').metadata.properties.wire_radius['x-unit']).toBe('m');
      expect(answer('solenoid').metadata.properties.model.enum).toEqual(['loops', 'sheet']);
      expect(answer('solenoid').metadata.properties.inductance.description).toMatch(/mutual inductances/);
    }
    const dataJson =
      documents.backend.paths['/api/v1/sim/results/{simulation_id}/data.json'].get.responses['200'].content[
        'application/json'
      ].schema;
    expect(dataJson.properties.output.anyOf).toHaveLength(simulationTypes.length);
    expect(numbersWithoutUnit(dataJson)).toEqual([]);
    const toolResult =
      documents.ai.paths['/v1/chat_with_tools'].post.responses['200'].content['application/json'].schema
        .properties.data.properties.tool_results.items.properties.result;
    expect(toolResult.description).toMatch(/run_simulation/);
  });

  it('says what the Laplace tolerance bounds and what output_type gives', () => {
    for (const [name, prefix] of [
      ['backend', '/api/v1/sim/'],
      ['sim', '/v1/sim/'],
    ] as const) {
      const request = (solver: string) =>
        documents[name].paths[`${prefix}${solver}`].post.requestBody.content['application/json'].schema
          .properties;
      expect(request('laplace2d').tolerance.description).toMatch(/bounds the residual, not the error/);
      expect(request('laplace2d').nx.description).toMatch(/longer side of the box is 1 m/);
      expect(request('point_charges').output_type.description).toMatch(/'data' give the numbers and the PNG/);
      expect(request('wave_1d').output_type.description).toMatch(/'data' give the numbers and the PNG/);
    }
  });

  it('documents the multipart uploads with their file fields', () => {
    const paths = documents.backend.paths as Json;
    const resource =
      paths['/api/v1/courses/{course_id}/resources'].post.requestBody.content['multipart/form-data'];
    expect(resource.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(resource.schema.required).toEqual(expect.arrayContaining(['file', 'name', 'category']));
    const submission =
      paths['/api/v1/courses/{course_id}/assignments/{assignment_id}/submissions'].post.requestBody.content;
    expect(submission['multipart/form-data'].schema.properties.files.items).toMatchObject({
      format: 'binary',
    });
    expect(submission['application/json'].schema.properties.content).toBeDefined();
  });
});
