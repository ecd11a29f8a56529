import 'reflect-metadata';
import { runStandalone } from '../../platform/standalone';
import { integrations } from './index';

runStandalone(integrations);
