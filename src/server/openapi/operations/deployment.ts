import { z } from "zod";
import {
  healthSchema,
  publicConfigSchema,
  uploadSchema,
} from "#src/shared/schemas/responses/accounts";
import type { Operation } from "../operation";

export const deploymentOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/health",
    tag: "Deployment",
    summary: "Liveness and database reachability; 503 takes the process out of rotation",
    access: "anyone",
    responses: { 200: healthSchema, 503: healthSchema },
  },
  {
    method: "GET",
    path: "/api/config",
    tag: "Deployment",
    summary: "What the browser needs to know about this deployment",
    access: "anyone",
    responses: { 200: publicConfigSchema },
  },
  {
    method: "GET",
    path: "/metrics",
    tag: "Deployment",
    summary: "Prometheus metrics, summed over every server process (docs/metrics.md)",
    description:
      "Outside /api. Also readable with `Authorization: Bearer <METRICS_TOKEN>`, which is how Prometheus scrapes it.",
    access: "admin",
    responses: { 200: { contentType: "text/plain" }, 503: null },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Deployment",
    summary: "This document",
    access: "anyone",
    responses: { 200: z.looseObject({ openapi: z.literal("3.1.0") }) },
  },
  {
    method: "GET",
    path: "/api/docs",
    tag: "Deployment",
    summary: "The reference page that renders this document",
    access: "anyone",
    responses: { 200: { contentType: "text/html" } },
  },
  {
    method: "GET",
    path: "/api/docs/:file",
    tag: "Deployment",
    summary: "The reference page's script and style files",
    access: "anyone",
    responses: { 200: { contentType: "text/javascript" } },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/uploads",
    tag: "Listings",
    summary: "Upload one photo (JPEG, PNG or WebP) for a bike's `photos`",
    description:
      "Decided by the file's content; stored as two WebP versions with all metadata removed.",
    access: "seller",
    body: {
      contentType: "multipart/form-data",
      schema: z.object({ file: z.file().describe("One photo, at most 10 MB") }),
    },
    responses: { 201: uploadSchema },
    errors: [400, 413, 415],
  },
];
