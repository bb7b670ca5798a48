console.log('main')
