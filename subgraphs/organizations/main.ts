import 'reflect-metadata';
import { runStandalone } from '../../platform/standalone';
import { organizations } from './index';

runStandalone(organizations);
