require('/work/main/node_modules/reflect-metadata');
const { startEmbeddedPostgres } = require('/work/main/dist/stack/embedded-postgres');
const { freePort } = require('/work/main/dist/stack/ports');
const fs=require('fs'),os=require('os'),path=require('path');
function wrap(mod, name){ const m=require(mod); const f=m[name]; m[name]=async(...a)=>{const t=Date.now(); try{return await f(...a);} finally{console.log(name, a[0]?.schema ?? a[0]?.name ?? '', Date.now()-t);} }; }
wrap('/work/main/dist/subgraphs/kit/data-source','openDataSource');
wrap('/work/main/dist/subgraphs/kit/build-schema','buildFederatedSchema'); wrap('/work/main/dist/gateway/gateway','startGateway');
(async()=>{
  process.env.LOG_LEVEL='warn';
  const dir=fs.mkdtempSync(path.join(os.tmpdir(),'pgt-'));
  const pg=await startEmbeddedPostgres({dir,port:await freePort(),persistent:false});
  process.env.TEST_DATABASE_URL=pg.url;
  const { startTestStack } = require('/work/main/dist/test/support/stack');
  for (let i=0;i<2;i++){
    const t=Date.now(); const s=await startTestStack({webhookWorker: false}); const t2=Date.now(); await s.stop(); console.log('start',t2-t,'stop',Date.now()-t2);
  }
  await pg.stop(); process.exit(0);
})();
