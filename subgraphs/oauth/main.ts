import 'reflect-metadata';
import { runStandalone } from '../../platform/standalone';
import { oauth } from './index';

runStandalone(oauth);
