import 'reflect-metadata';
import { runStandalone } from '../kit/standalone';
import { organizations } from './index';

runStandalone(organizations);
