import 'reflect-metadata';
import { runStandalone } from '../kit/standalone';
import { integrations } from './index';

runStandalone(integrations);
