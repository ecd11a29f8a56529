import 'reflect-metadata';
import { runStandalone } from '../../platform/standalone';
import { scheduling } from './index';

runStandalone(scheduling);
