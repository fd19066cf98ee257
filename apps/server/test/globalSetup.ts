import type { TestProject } from 'vitest/node';
import { dialect } from './dialect.js';
import { buildTemplate } from './templateBuild.js';

/** Migrates the template database once per run (instead of once per test file) and removes it after. */
export default async function setup(project: TestProject) {
  const { template, remove } = await buildTemplate(dialect);
  project.provide('templateDb', template);
  return remove;
}
